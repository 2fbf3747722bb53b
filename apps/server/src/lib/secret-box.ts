import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (AI provider keys, messenger credentials): AES-256-GCM,
 * stored as `v1.<keyId>.<iv>.<ciphertext+tag>` (base64url). The associated data binds the
 * key id and the owning row's id, so a value copied into another row does not decrypt.
 */
export interface SecretBox {
  /** Identifies the key; changes when SECRET_KEY changes, so old values are recognisable. */
  readonly keyId: string;
  encryptSecret(plaintext: string, rowId: string): string;
  /** Throws when the value was written for another row, with another key, or was altered. */
  decryptSecret(envelope: string, rowId: string): string;
}

export function createSecretBox(key: Uint8Array): SecretBox {
  if (key.length !== 32) throw new Error('secret box key must be 32 bytes');
  const keyId = createHash('sha256').update(key).digest('hex').slice(0, 8);
  const aad = (id: string, rowId: string) => Buffer.from(`${id}:${rowId}`, 'utf8');
  return {
    keyId,
    encryptSecret(plaintext, rowId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(keyId, rowId));
      const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return ['v1', keyId, iv.toString('base64url'), sealed.toString('base64url')].join('.');
    },
    decryptSecret(envelope, rowId) {
      const [version, id, ivText, sealedText] = envelope.split('.');
      if (version !== 'v1' || !id || !ivText || !sealedText) throw new Error('unknown secret format');
      if (id !== keyId) throw new Error(`secret was encrypted with another key (${id})`);
      const sealed = Buffer.from(sealedText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
      decipher.setAAD(aad(id, rowId));
      decipher.setAuthTag(sealed.subarray(sealed.length - 16));
      return Buffer.concat([
        decipher.update(sealed.subarray(0, sealed.length - 16)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
