import { randomInt } from 'node:crypto';
import { MFA_RECOVERY_CODE_COUNT } from '@doppel/contracts';
import { and, count, eq, isNull, mfaRecoveryCodes, type DbOrTx } from '@doppel/db';
import { sha256 } from '../../lib/crypto';

/*
 * Recovery codes: ten random codes shown once when MFA is turned on (or renewed), each signing
 * in once instead of the app's code. Only their SHA-256 is kept: a code has ~50 random bits, is
 * single-use and its attempts are rate-limited, so a plain hash is enough.
 */

/** No 0/o, 1/l/i: a code copied by hand from paper reads one way only. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

function newCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The stored form of a code as typed: case, spaces and dashes do not matter. */
function hashOf(code: string): string {
  return sha256(code.toLowerCase().replace(/[\s-]+/g, ''));
}

/** Replaces the account's codes (used or not) with a new set; returns the codes to show once. */
export async function replaceRecoveryCodes(tx: DbOrTx, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: MFA_RECOVERY_CODE_COUNT }, newCode);
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await tx
    .insert(mfaRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashOf(code), createdAt: now })));
  return codes;
}

export async function deleteRecoveryCodes(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
}

/**
 * Uses up one of the account's codes: true when it was there and unused. The one conditional
 * update makes it single-use even when two requests bring it at the same moment.
 */
export async function useRecoveryCode(db: DbOrTx, userId: string, code: string, now: Date): Promise<boolean> {
  const used = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, hashOf(code)),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return used.length > 0;
}

export async function unusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.left ?? 0;
}
