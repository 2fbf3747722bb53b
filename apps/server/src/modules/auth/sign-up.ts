import { signUpInputSchema, type SignUpInput } from '@doppel/contracts';
import { eq, users } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { sendAccountEmail } from './account-emails';
import { limitAuthAttempt } from './auth-rate-rules';
import { createAccount } from './create-account';
import { issueEmailToken } from './email-tokens';
import { hashPassword } from './passwords';

/** Creates an unverified account and emails its verification link. */
export async function signUp(
  ctx: AppContext,
  input: SignUpInput,
  client: { ip: string },
): Promise<{ verificationSent: true }> {
  const { fullName, email, password, language } = signUpInputSchema.parse(input);
  await limitAuthAttempt(ctx, 'sign-up', { ip: client.ip, email });
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  const created = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing) throw new AppError('email_taken');
    const userId = await createAccount(tx, {
      email,
      fullName,
      passwordHash,
      language: language ?? 'en',
      emailVerifiedAt: null,
      demoExpiresAt: null,
      paymentMethod: null,
      now,
    });
    const token = await issueEmailToken(tx, { userId, purpose: 'verify_email', now });
    return { userId, token };
  });
  await sendAccountEmail(ctx, { userId: created.userId, purpose: 'verify_email', token: created.token });
  return { verificationSent: true };
}
