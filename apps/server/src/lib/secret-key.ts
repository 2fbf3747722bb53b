import fs from 'node:fs';
import path from 'node:path';
import { hkdfSync, randomBytes } from 'node:crypto';

/**
 * The master secret: SECRET_KEY when set, else a key generated once into DATA_DIR (mode 600).
 * Purpose-specific keys are derived with HKDF so one secret never serves two algorithms.
 */
export function loadMasterSecret(secretKey: string | undefined, dataDir: string): Buffer {
  if (secretKey) return Buffer.from(secretKey, 'utf8');
  const keyPath = path.join(dataDir, 'secret.key');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(keyPath, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(fs.readFileSync(keyPath, 'utf8').trim(), 'base64');
}

export function deriveKey(master: Buffer, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', master, Buffer.alloc(0), `doppel:${purpose}`, 32));
}
