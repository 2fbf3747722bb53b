import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('secret box', () => {
  it('round-trips a secret for its own row only', () => {
    const box = createSecretBox(new Uint8Array(randomBytes(32)));
    const rowId = randomUUID();
    const sealed = box.encryptSecret('sk-live-123', rowId);
    expect(sealed).not.toContain('sk-live-123');
    expect(sealed.startsWith(`v1.${box.keyId}.`)).toBe(true);
    expect(box.decryptSecret(sealed, rowId)).toBe('sk-live-123');
    expect(() => box.decryptSecret(sealed, randomUUID())).toThrow();
  });

  it('refuses a value sealed with another key or altered', () => {
    const rowId = randomUUID();
    const sealed = createSecretBox(new Uint8Array(randomBytes(32))).encryptSecret('secret', rowId);
    expect(() => createSecretBox(new Uint8Array(randomBytes(32))).decryptSecret(sealed, rowId)).toThrow(
      /another key/,
    );
    const box = createSecretBox(new Uint8Array(randomBytes(32)));
    const own = box.encryptSecret('secret', rowId);
    // One bit of the ciphertext flipped (editing the base64 text could touch only padding bits).
    const parts = own.split('.');
    const ciphertext = Buffer.from(parts[3]!, 'base64url');
    ciphertext[0]! ^= 1;
    const tampered = [...parts.slice(0, 3), ciphertext.toString('base64url')].join('.');
    expect(() => box.decryptSecret(tampered, rowId)).toThrow();
  });
});
