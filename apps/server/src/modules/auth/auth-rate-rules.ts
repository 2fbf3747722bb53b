import { eq, rateLimitCounters } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { countRateLimits, enforceRateLimits, type RateRule } from '../../lib/rate-limit';

export type AuthAction = 'sign-up' | 'reset' | 'refresh' | 'demo';

/**
 * How many times the per-email allowance one account takes in wrong passwords from all strangers
 * together before it, too, says "wait": it stops a password spray from many addresses, yet takes
 * more than one stranger's addresses to reach (docs/decisions/029).
 */
const ACCOUNT_ALLOWANCE_FACTOR = 10;

/**
 * Per-IP and per-email limits for the auth endpoints. Refresh has no email
 * and runs on every page load, so its per-IP allowance is ten times the others.
 */
export async function limitAuthAttempt(
  ctx: AppContext,
  action: AuthAction,
  client: { ip: string; email?: string },
): Promise<void> {
  const { perIp, perEmail, windowSeconds } = ctx.config.authRateLimit;
  const rules = [
    { key: `${action}:ip:${client.ip}`, limit: action === 'refresh' ? perIp * 10 : perIp, windowSeconds },
  ];
  if (client.email) rules.push({ key: `${action}:email:${client.email}`, limit: perEmail, windowSeconds });
  await enforceRateLimits(ctx.db, rules, ctx.clock.now());
}

/**
 * Sign-in limits a stranger cannot use to lock the owner out. A browser that signed in to the
 * account before (a known device) counts only against itself. Any other attempt counts per IP,
 * per IP and account (the per-email allowance: ten wrong passwords from one place), and per
 * account from everywhere with a looser allowance.
 */
export async function limitSignInAttempt(
  ctx: AppContext,
  client: { ip: string; email: string; knownDeviceId: string | undefined },
): Promise<void> {
  const { perIp, perEmail, windowSeconds } = ctx.config.authRateLimit;
  const { ip, email, knownDeviceId } = client;
  const rules: RateRule[] = knownDeviceId
    ? [{ key: `sign-in:device:${knownDeviceId}`, limit: perEmail, windowSeconds }]
    : [
        { key: `sign-in:ip:${ip}`, limit: perIp, windowSeconds },
        { key: `sign-in:email-ip:${email}|${ip}`, limit: perEmail, windowSeconds },
        { key: `sign-in:email:${email}`, limit: perEmail * ACCOUNT_ALLOWANCE_FACTOR, windowSeconds },
      ];
  await enforceRateLimits(ctx.db, rules, ctx.clock.now());
}

/** Wrong codes (or passwords, in the MFA settings) one account may take before it waits. */
export const MFA_WRONG_PROOFS_PER_ACCOUNT = 5;
const MFA_WINDOW_SECONDS = 15 * 60;
/**
 * Attempts of any outcome per account: the wrong-proof count is read before a code is checked
 * and written after, so this bounds what a burst of parallel guesses could slip past it.
 */
const MFA_ATTEMPTS_PER_ACCOUNT = 4 * MFA_WRONG_PROOFS_PER_ACCOUNT;

const wrongProofsRule = (userId: string): RateRule => ({
  key: `mfa:wrong:${userId}`,
  limit: MFA_WRONG_PROOFS_PER_ACCOUNT,
  windowSeconds: MFA_WINDOW_SECONDS,
});

/**
 * Before a second factor (or the password of the MFA settings) is checked: refuses with
 * `rate_limited` once the account had five wrong ones in 15 minutes, or the address too many
 * attempts. Only wrong ones count against the owner, so signing in every day never locks out;
 * a guesser needs the password first to get this far at sign-in.
 */
export async function limitMfaAttempt(
  ctx: AppContext,
  client: { userId: string; ip: string },
): Promise<void> {
  const now = ctx.clock.now();
  const { perIp, windowSeconds } = ctx.config.authRateLimit;
  await enforceRateLimits(
    ctx.db,
    [
      {
        key: `mfa:attempt:${client.userId}`,
        limit: MFA_ATTEMPTS_PER_ACCOUNT,
        windowSeconds: MFA_WINDOW_SECONDS,
      },
      { key: `mfa:ip:${client.ip}`, limit: perIp, windowSeconds },
    ],
    now,
  );
  const rule = wrongProofsRule(client.userId);
  const [wrong] = await ctx.db
    .select({ hits: rateLimitCounters.hits, windowStartedAt: rateLimitCounters.windowStartedAt })
    .from(rateLimitCounters)
    .where(eq(rateLimitCounters.key, rule.key));
  if (!wrong || wrong.hits < rule.limit) return;
  const waitMs = wrong.windowStartedAt.getTime() + rule.windowSeconds * 1000 - now.getTime();
  if (waitMs > 0) throw new AppError('rate_limited', undefined, { retryAfter: Math.ceil(waitMs / 1000) });
}

/** Counts a wrong code, recovery code or password against the account (limitMfaAttempt). */
export async function countWrongMfaProof(ctx: AppContext, userId: string): Promise<void> {
  await countRateLimits(ctx.db, [wrongProofsRule(userId)], ctx.clock.now());
}
