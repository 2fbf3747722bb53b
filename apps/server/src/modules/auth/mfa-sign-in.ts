import { signInMfaInputSchema, type SignInMfaInput } from '@doppel/contracts';
import { eq, users } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { ClientInfo } from '../../plugins/authenticate';
import { readChallenge, spendChallenge } from './mfa-challenge';
import { rememberMfaDevice } from './mfa-device';
import { checkMfaProof, isCurrentCode } from './mfa-proof';
import { useRecoveryCode } from './mfa-recovery-codes';
import { finishSignIn, type SignedIn, type SignInCookies } from './sign-in';

export interface SignedInWithMfa extends SignedIn {
  /** The remembered-device cookie's new value, when the user ticked "Remember this device". */
  mfaDeviceCookie: string | undefined;
}

/**
 * The code step of a sign-in (docs/decisions/042): the challenge from the password step and the
 * app's code, or one recovery code (used up by this). Then the session starts as after any
 * sign-in.
 */
export async function signInWithMfa(
  ctx: AppContext,
  input: SignInMfaInput,
  client: ClientInfo,
  cookies: SignInCookies,
): Promise<SignedInWithMfa> {
  const { challenge, code, recoveryCode, rememberDevice } = signInMfaInputSchema.parse(input);
  const claim = readChallenge(ctx, challenge);
  const [user] = await ctx.db
    .select({ mfaSecretEncrypted: users.mfaSecretEncrypted, mfaEnabledAt: users.mfaEnabledAt })
    .from(users)
    .where(eq(users.id, claim.userId));
  // MFA turned off, or off and on again (a new secret), since the password step.
  if (!user || user.mfaEnabledAt?.getTime() !== claim.mfaEnabledAt.getTime()) {
    throw new AppError('mfa_challenge_expired');
  }
  await checkMfaProof(ctx, { userId: claim.userId, ip: client.ip }, () =>
    code !== undefined
      ? isCurrentCode(ctx, claim.userId, user.mfaSecretEncrypted, code)
      : useRecoveryCode(ctx.db, claim.userId, recoveryCode!, ctx.clock.now()),
  );
  await spendChallenge(ctx, claim);
  const signedIn = await finishSignIn(ctx, claim.userId, client, cookies.knownDevice);
  return {
    ...signedIn,
    mfaDeviceCookie: rememberDevice
      ? rememberMfaDevice(ctx, cookies.mfaDevice, claim.userId, claim.mfaEnabledAt)
      : undefined,
  };
}
