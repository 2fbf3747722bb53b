import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id; the enum is an ambient const enum that isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A fixed hash verified when the email is unknown, so a miss takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword('decoy-password-for-timing');
    await verify(await decoyHash, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
