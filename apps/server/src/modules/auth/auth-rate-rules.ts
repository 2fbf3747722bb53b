import type { AppContext } from '../../lib/context';
import { enforceRateLimits, type RateRule } from '../../lib/rate-limit';

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
