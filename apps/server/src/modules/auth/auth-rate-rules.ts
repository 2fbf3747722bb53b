import type { AppContext } from '../../lib/context';
import { enforceRateLimits } from '../../lib/rate-limit';

export type AuthAction = 'sign-in' | 'sign-up' | 'reset' | 'refresh' | 'demo';

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
