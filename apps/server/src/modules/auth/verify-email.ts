import { forgotPasswordInputSchema, type ForgotPasswordInput } from '@doppel/contracts';
import { and, eq, isNull, users } from '@doppel/db';
import { markEmailVerified } from './account-records';
import type { AppContext } from '../../lib/context';
import { sendAccountEmail } from './account-emails';
import { limitAuthAttempt } from './auth-rate-rules';
import { consumeEmailToken, issueEmailToken } from './email-tokens';

export async function verifyEmail(ctx: AppContext, token: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const { userId } = await consumeEmailToken(tx, 'verify_email', token, now);
    await markEmailVerified(tx, userId, now);
  });
}

/** Sends a fresh verification link to an unverified account; silent otherwise (no enumeration). */
export async function resendVerification(
  ctx: AppContext,
  input: ForgotPasswordInput,
  client: { ip: string },
) {
  const { email } = forgotPasswordInputSchema.parse(input);
  await limitAuthAttempt(ctx, 'sign-up', { ip: client.ip, email });
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), eq(users.isDemo, false), isNull(users.emailVerifiedAt)));
    if (!user) return;
    const token = await issueEmailToken(tx, { userId: user.id, purpose: 'verify_email', now });
    await sendAccountEmail(ctx, tx, { userId: user.id, purpose: 'verify_email', token });
  });
}
