import { signInInputSchema, type SignInInput } from '@doppel/contracts';
import { and, eq, users } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { limitSignInAttempt } from './auth-rate-rules';
import { knownDeviceOf, rememberDevice } from './known-device';
import { verifyPassword } from './passwords';
import type { ClientInfo } from '../../plugins/authenticate';
import { startSession, type IssuedSession } from './sessions';

export interface SignedIn extends IssuedSession {
  /** The known-device cookie's new value: this browser has now signed in to the account. */
  knownDeviceCookie: string;
}

/** `deviceCookie` is the browser's known-device cookie, if it sent one (known-device.ts). */
export async function signIn(
  ctx: AppContext,
  input: SignInInput,
  client: ClientInfo,
  deviceCookie: string | undefined,
): Promise<SignedIn> {
  const { email, password } = signInInputSchema.parse(input);
  const [user] = await ctx.db
    .select({ id: users.id, passwordHash: users.passwordHash, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.email, email), eq(users.isDemo, false)));
  const knownDeviceId = user ? knownDeviceOf(ctx, deviceCookie, user.id) : undefined;
  await limitSignInAttempt(ctx, { ip: client.ip, email, knownDeviceId });
  const passwordMatches = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !passwordMatches) throw new AppError('invalid_credentials');
  // Checked after the password so the answer does not reveal which addresses have accounts.
  if (!user.emailVerifiedAt) throw new AppError('email_not_verified');
  const issued = await startSession(ctx, user.id, client);
  return { ...issued, knownDeviceCookie: rememberDevice(ctx, deviceCookie, user.id) };
}
