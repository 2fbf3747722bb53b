import {
  disableMfaInputSchema,
  mfaCodeInputSchema,
  startMfaSetupInputSchema,
  type DisableMfaInput,
  type MfaCodeInput,
  type MfaRecoveryCodes,
  type MfaSetup,
  type MfaStatus,
  type StartMfaSetupInput,
} from '@doppel/contracts';
import { and, eq, isNull, users, type DbOrTx } from '@doppel/db';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { checkMfaProof, isCurrentCode } from './mfa-proof';
import { deleteRecoveryCodes, replaceRecoveryCodes, unusedRecoveryCodes } from './mfa-recovery-codes';
import { newTotpSecret, provisioning, sealSecret } from './mfa-totp';
import { verifyPassword } from './passwords';

/*
 * Settings → Security: turning MFA on (a new secret, confirmed by its first code, then ten
 * recovery codes), new recovery codes, turning it off. Every step proves the owner again (the
 * password or a current code) under the MFA rate limits, so a browser left signed in is not
 * enough to change the account's second factor (docs/decisions/042).
 */

/** The request's account and address, for the rate limits. */
export interface MfaRequester extends Actor {
  ip: string;
}

async function accountOf(ctx: AppContext, userId: string) {
  const [account] = await ctx.db
    .select({
      email: users.email,
      passwordHash: users.passwordHash,
      mfaSecretEncrypted: users.mfaSecretEncrypted,
      mfaEnabledAt: users.mfaEnabledAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw new AppError('not_found');
  return account;
}

async function statusOf(ctx: AppContext, userId: string, enabledAt: Date | null): Promise<MfaStatus> {
  return {
    enabled: enabledAt !== null,
    enabledAt: enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabledAt ? await unusedRecoveryCodes(ctx.db, userId) : 0,
  };
}

export async function mfaStatus(ctx: AppContext, userId: string): Promise<MfaStatus> {
  return statusOf(ctx, userId, (await accountOf(ctx, userId)).mfaEnabledAt);
}

/**
 * Step one of turning MFA on: a new secret, kept encrypted but not in force until its first code
 * confirms it. Starting again replaces a secret that was never confirmed.
 */
export async function startMfaSetup(
  ctx: AppContext,
  who: MfaRequester,
  input: StartMfaSetupInput,
): Promise<MfaSetup> {
  // A demo sandbox has no password and lives a day.
  if (who.isDemo) throw new AppError('demo_restricted');
  const { password } = startMfaSetupInputSchema.parse(input);
  const account = await accountOf(ctx, who.userId);
  if (account.mfaEnabledAt) throw new AppError('mfa_already_enabled');
  await checkMfaProof(ctx, who, () => verifyPassword(account.passwordHash, password), 'invalid_credentials');
  const secret = newTotpSecret();
  const updated = await ctx.db
    .update(users)
    .set({ mfaSecretEncrypted: sealSecret(ctx, who.userId, secret), updatedAt: ctx.clock.now() })
    .where(and(eq(users.id, who.userId), isNull(users.mfaEnabledAt)))
    .returning({ id: users.id });
  if (updated.length === 0) throw new AppError('mfa_already_enabled');
  return { secret, ...(await provisioning(secret, account.email)) };
}

/** Step two: the app's first code turns MFA on; the answer carries the recovery codes, this once. */
export async function confirmMfaSetup(
  ctx: AppContext,
  who: MfaRequester,
  input: MfaCodeInput,
): Promise<MfaRecoveryCodes> {
  if (who.isDemo) throw new AppError('demo_restricted');
  const { code } = mfaCodeInputSchema.parse(input);
  const account = await accountOf(ctx, who.userId);
  if (account.mfaEnabledAt) throw new AppError('mfa_already_enabled');
  const sealed = account.mfaSecretEncrypted;
  if (!sealed) throw new AppError('mfa_setup_required');
  await checkMfaProof(ctx, who, () => isCurrentCode(ctx, who.userId, sealed, code));
  const now = ctx.clock.now();
  const recoveryCodes = await ctx.db.transaction(async (tx) => {
    // Only the secret that code was checked against: a setup started again meanwhile wins.
    const turnedOn = await tx
      .update(users)
      .set({ mfaEnabledAt: now, updatedAt: now })
      .where(and(eq(users.id, who.userId), isNull(users.mfaEnabledAt), eq(users.mfaSecretEncrypted, sealed)))
      .returning({ id: users.id });
    if (turnedOn.length === 0) return null;
    return replaceRecoveryCodes(tx, who.userId, now);
  });
  if (!recoveryCodes) throw new AppError('mfa_setup_required');
  return { recoveryCodes, status: await statusOf(ctx, who.userId, now) };
}

/** A new set of recovery codes for a current code; the old set, used or not, stops working. */
export async function regenerateRecoveryCodes(
  ctx: AppContext,
  who: MfaRequester,
  input: MfaCodeInput,
): Promise<MfaRecoveryCodes> {
  const { code } = mfaCodeInputSchema.parse(input);
  const account = await accountOf(ctx, who.userId);
  const enabledAt = account.mfaEnabledAt;
  if (!enabledAt) throw new AppError('mfa_setup_required');
  await checkMfaProof(ctx, who, () => isCurrentCode(ctx, who.userId, account.mfaSecretEncrypted, code));
  const recoveryCodes = await ctx.db.transaction((tx) =>
    replaceRecoveryCodes(tx, who.userId, ctx.clock.now()),
  );
  return { recoveryCodes, status: await statusOf(ctx, who.userId, enabledAt) };
}

/**
 * Turns MFA off with the password or a current code: the secret, the recovery codes and (as
 * their MACs name the old turn-on time) every remembered device go. Already off: nothing to do,
 * except forgetting a setup that was never confirmed.
 */
export async function disableMfa(
  ctx: AppContext,
  who: MfaRequester,
  input: DisableMfaInput,
): Promise<MfaStatus> {
  const proof = disableMfaInputSchema.parse(input);
  const account = await accountOf(ctx, who.userId);
  if (account.mfaEnabledAt) {
    await checkMfaProof(
      ctx,
      who,
      () =>
        proof.code !== undefined
          ? isCurrentCode(ctx, who.userId, account.mfaSecretEncrypted, proof.code)
          : verifyPassword(account.passwordHash, proof.password!),
      proof.code !== undefined ? 'mfa_code_invalid' : 'invalid_credentials',
    );
  }
  const now = ctx.clock.now();
  await ctx.db.transaction((tx) => turnOffMfa(tx, who.userId, now));
  return statusOf(ctx, who.userId, null);
}

/**
 * Turns MFA off for an account: its secret and recovery codes go, and so do its remembered
 * devices and open challenges (both are bound to `mfa_enabled_at`). The user's own Turn off
 * calls it after their proof; the instance owner calls it for a user who lost their
 * authenticator and every recovery code.
 */
export async function turnOffMfa(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ mfaSecretEncrypted: null, mfaEnabledAt: null, updatedAt: now })
    .where(eq(users.id, userId));
  await deleteRecoveryCodes(tx, userId);
}
