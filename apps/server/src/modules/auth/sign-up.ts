import { signUpInputSchema, type SignUpInput, type SignUpResult } from '@doppel/contracts';
import { eq, sql, users } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { sendAccountEmail } from './account-emails';
import { limitAuthAttempt } from './auth-rate-rules';
import { markEmailVerified } from './account-records';
import { createAccount } from './create-account';
import { issueEmailToken } from './email-tokens';
import { hashPassword } from './passwords';

/**
 * Creates an unverified account and emails its verification link. An address that already has
 * an account gets the same answer, and its owner an email saying someone tried to sign up with it
 * (with a sign-in and a reset link) instead: the answer never tells who has an account
 * (docs/decisions/029). The account itself, its password included, is left as it was.
 */
export async function signUp(
  ctx: AppContext,
  input: SignUpInput,
  client: { ip: string },
): Promise<SignUpResult> {
  const { fullName, email, password, language } = signUpInputSchema.parse(input);
  await limitAuthAttempt(ctx, 'sign-up', { ip: client.ip, email });
  // Hashed even when the address is taken, so both answers take as long.
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  let readyWithoutEmail = false;
  await ctx.db.transaction(async (tx) => {
    // Two sign-ups of one new address wait for each other instead of racing to the unique index.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-up:${email}`}))`);
    const [existing] = await tx
      .select({ id: users.id, isDemo: users.isDemo })
      .from(users)
      .where(eq(users.email, email));
    if (existing) {
      // Demo sandboxes have made-up addresses: nobody to tell.
      if (existing.isDemo) return;
      const token = await issueEmailToken(tx, { userId: existing.id, purpose: 'reset_password', now });
      await sendAccountEmail(ctx, tx, {
        userId: existing.id,
        purpose: 'reset_password',
        kind: 'account_exists',
        token,
      });
      return;
    }
    const { userId, isInstanceOwner } = await createAccount(tx, {
      email,
      fullName,
      passwordHash,
      language: language ?? 'en',
      emailVerifiedAt: null,
      demoExpiresAt: null,
      paymentMethod: null,
      now,
    });
    // A fresh install without SMTP cannot email its first user a link: the instance's first
    // account, its owner, is ready at once (issue 23). Later accounts still verify by link; the
    // owner can verify them from the Users list.
    if (isInstanceOwner && !ctx.config.smtpUrl) {
      await markEmailVerified(tx, userId, now);
      readyWithoutEmail = true;
      return;
    }
    const token = await issueEmailToken(tx, { userId, purpose: 'verify_email', now });
    await sendAccountEmail(ctx, tx, { userId, purpose: 'verify_email', token });
  });
  return readyWithoutEmail
    ? { verificationSent: false, verified: true }
    : { verificationSent: true, verified: false };
}
