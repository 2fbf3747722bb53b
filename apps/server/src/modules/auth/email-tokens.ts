import { and, authTokens, eq, isNull, sql, type DbOrTx } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256 } from '../../lib/crypto';

export type EmailTokenPurpose = 'verify_email' | 'reset_password' | 'change_email';

/** How long each emailed link works. */
export const EMAIL_TOKEN_TTL_HOURS: Record<EmailTokenPurpose, number> = {
  verify_email: 24,
  reset_password: 1,
  change_email: 24,
};

/** Issues a single-use token, invalidating earlier unused ones of the same purpose. */
export async function issueEmailToken(
  tx: DbOrTx,
  input: { userId: string; purpose: EmailTokenPurpose; newEmail?: string; now: Date },
): Promise<string> {
  const token = randomToken();
  await tx
    .update(authTokens)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(authTokens.userId, input.userId),
        eq(authTokens.purpose, input.purpose),
        isNull(authTokens.usedAt),
      ),
    );
  await tx.insert(authTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: sha256(token),
    newEmail: input.newEmail ?? null,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + EMAIL_TOKEN_TTL_HOURS[input.purpose] * 3600 * 1000),
  });
  return token;
}

/** Marks a token used and returns it, or throws `invalid_token` when unknown, used or expired. */
export async function consumeEmailToken(tx: DbOrTx, purpose: EmailTokenPurpose, token: string, now: Date) {
  const [used] = await tx
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, sha256(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        sql`${authTokens.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ userId: authTokens.userId, newEmail: authTokens.newEmail });
  if (!used) throw new AppError('invalid_token');
  return used;
}
