import { signInInputSchema, type SignInInput } from '@doppel/contracts';
import { and, eq, users } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { limitAuthAttempt } from './auth-rate-rules';
import { verifyPassword } from './passwords';
import type { ClientInfo } from '../../plugins/authenticate';
import { startSession, type IssuedSession } from './sessions';

export async function signIn(
  ctx: AppContext,
  input: SignInInput,
  client: ClientInfo,
): Promise<IssuedSession> {
  const { email, password } = signInInputSchema.parse(input);
  await limitAuthAttempt(ctx, 'sign-in', { ip: client.ip, email });
  const [user] = await ctx.db
    .select({ id: users.id, passwordHash: users.passwordHash, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.email, email), eq(users.isDemo, false)));
  const passwordMatches = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !passwordMatches) throw new AppError('invalid_credentials');
  // Checked after the password so the answer does not reveal which addresses have accounts.
  if (!user.emailVerifiedAt) throw new AppError('email_not_verified');
  return startSession(ctx, user.id, client);
}
