import {
  forgotPasswordInputSchema,
  resetPasswordInputSchema,
  type ForgotPasswordInput,
  type ResetPasswordInput,
} from '@doppel/contracts';
import { and, eq, sql, users } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { sendAccountEmail } from './account-emails';
import { limitAuthAttempt } from './auth-rate-rules';
import { consumeEmailToken, issueEmailToken } from './email-tokens';
import { hashPassword } from './passwords';
import { revokeAllSessions } from './sessions';

/** Emails a reset link when the address has an account; answers the same either way. */
export async function requestPasswordReset(
  ctx: AppContext,
  input: ForgotPasswordInput,
  client: { ip: string },
) {
  const { email } = forgotPasswordInputSchema.parse(input);
  await limitAuthAttempt(ctx, 'reset', { ip: client.ip, email });
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), eq(users.isDemo, false)));
    if (!user) return;
    const token = await issueEmailToken(tx, { userId: user.id, purpose: 'reset_password', now });
    await sendAccountEmail(ctx, tx, { userId: user.id, purpose: 'reset_password', token });
  });
}

/** Sets a new password from an emailed link and ends every session of the account. */
export async function resetPassword(ctx: AppContext, input: ResetPasswordInput, client: { ip: string }) {
  const { token, password } = resetPasswordInputSchema.parse(input);
  await limitAuthAttempt(ctx, 'reset', { ip: client.ip });
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const { userId } = await consumeEmailToken(tx, 'reset_password', token, now);
    await tx
      .update(users)
      .set({
        passwordHash,
        // The link proved the inbox belongs to the user.
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await revokeAllSessions(tx, userId, 'password_reset', now);
  });
}
