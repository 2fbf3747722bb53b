import type { ErrorCode } from '@doppel/contracts';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { countWrongMfaProof, limitMfaAttempt } from './auth-rate-rules';
import { acceptTotpCode, openSecret } from './mfa-totp';

/**
 * Runs one check of a second factor (or of the password the MFA settings ask for) under the MFA
 * rate limits: refused at once while the account or address is over them; a wrong answer counts
 * against the account and throws `wrongCode` ('mfa_code_invalid', 'invalid_credentials').
 */
export async function checkMfaProof(
  ctx: AppContext,
  who: { userId: string; ip: string },
  check: () => Promise<boolean>,
  wrongCode: ErrorCode = 'mfa_code_invalid',
): Promise<void> {
  await limitMfaAttempt(ctx, who);
  if (await check()) return;
  await countWrongMfaProof(ctx, who.userId);
  throw new AppError(wrongCode);
}

/** Whether `code` is the account's current app code (sealed secret from users.mfa_secret_encrypted). */
export function isCurrentCode(
  ctx: AppContext,
  userId: string,
  sealedSecret: string | null,
  code: string,
): Promise<boolean> {
  if (!sealedSecret) return Promise.resolve(false);
  return acceptTotpCode(ctx, userId, openSecret(ctx, userId, sealedSecret), code);
}
