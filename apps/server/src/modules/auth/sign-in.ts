import { signInInputSchema, type MfaChallenge, type SignInInput } from '@doppel/contracts';
import { and, eq, users } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { limitSignInAttempt } from './auth-rate-rules';
import { knownDeviceOf, rememberDevice } from './known-device';
import { issueChallenge } from './mfa-challenge';
import { isRememberedDevice } from './mfa-device';
import { verifyPassword } from './passwords';
import type { ClientInfo } from '../../plugins/authenticate';
import { startSession, type IssuedSession } from './sessions';

export interface SignedIn extends IssuedSession {
  /** The known-device cookie's new value: this browser has now signed in to the account. */
  knownDeviceCookie: string;
}

/** The cookies sign-in reads: known-device.ts's and mfa-device.ts's, when the browser sent them. */
export interface SignInCookies {
  knownDevice: string | undefined;
  mfaDevice: string | undefined;
}

/**
 * The password step. With MFA on (and this browser not remembered for it) no session starts:
 * the answer is the code step's challenge (mfa-sign-in.ts finishes the sign-in).
 */
export async function signIn(
  ctx: AppContext,
  input: SignInInput,
  client: ClientInfo,
  cookies: SignInCookies,
): Promise<SignedIn | MfaChallenge> {
  const { email, password } = signInInputSchema.parse(input);
  const [user] = await ctx.db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      emailVerifiedAt: users.emailVerifiedAt,
      mfaEnabledAt: users.mfaEnabledAt,
    })
    .from(users)
    .where(and(eq(users.email, email), eq(users.isDemo, false)));
  const knownDeviceId = user ? knownDeviceOf(ctx, cookies.knownDevice, user.id) : undefined;
  await limitSignInAttempt(ctx, { ip: client.ip, email, knownDeviceId });
  const passwordMatches = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !passwordMatches) throw new AppError('invalid_credentials');
  // Checked after the password so the answer does not reveal which addresses have accounts.
  if (!user.emailVerifiedAt) throw new AppError('email_not_verified');
  if (user.mfaEnabledAt && !isRememberedDevice(ctx, cookies.mfaDevice, user.id, user.mfaEnabledAt)) {
    return issueChallenge(ctx, user.id, user.mfaEnabledAt);
  }
  return finishSignIn(ctx, user.id, client, cookies.knownDevice);
}

/** Starts the session of a sign-in whose every step passed. */
export async function finishSignIn(
  ctx: AppContext,
  userId: string,
  client: ClientInfo,
  knownDeviceCookie: string | undefined,
): Promise<SignedIn> {
  const issued = await startSession(ctx, userId, client);
  return { ...issued, knownDeviceCookie: rememberDevice(ctx, knownDeviceCookie, userId) };
}
