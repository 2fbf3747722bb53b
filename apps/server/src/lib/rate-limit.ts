import { rateLimitCounters, sql, type Db } from '@doppel/db';
import { AppError } from './app-error';

export interface RateRule {
  /** What is counted, e.g. `sign-in:ip:127.0.0.1`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one hit against each rule in the shared database table (fixed windows) and throws
 * `rate_limited` with the seconds to wait when any rule is over its limit. All rules are
 * counted even when one trips, so hammering one email from many IPs still fills both buckets.
 */
export async function enforceRateLimits(db: Db, rules: RateRule[], now: Date): Promise<void> {
  let retryAfter = 0;
  for (const rule of rules) {
    const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000).toISOString();
    const nowIso = now.toISOString();
    const [row] = await db
      .insert(rateLimitCounters)
      .values({ key: rule.key, windowStartedAt: now, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          hits: sql`case when ${rateLimitCounters.windowStartedAt} <= ${windowStart}::timestamptz then 1 else ${rateLimitCounters.hits} + 1 end`,
          windowStartedAt: sql`case when ${rateLimitCounters.windowStartedAt} <= ${windowStart}::timestamptz then ${nowIso}::timestamptz else ${rateLimitCounters.windowStartedAt} end`,
        },
      })
      .returning({ hits: rateLimitCounters.hits, windowStartedAt: rateLimitCounters.windowStartedAt });
    if (row && row.hits > rule.limit) {
      const resetsAt = row.windowStartedAt.getTime() + rule.windowSeconds * 1000;
      retryAfter = Math.max(retryAfter, Math.ceil((resetsAt - now.getTime()) / 1000));
    }
  }
  if (retryAfter > 0) {
    throw new AppError('rate_limited', undefined, { retryAfter: Math.max(1, retryAfter) });
  }
}

/** Drops counters whose window ended long ago; called with the periodic housekeeping. */
export async function pruneRateLimitCounters(db: Db, olderThan: Date): Promise<void> {
  await db
    .delete(rateLimitCounters)
    .where(sql`${rateLimitCounters.windowStartedAt} < ${olderThan.toISOString()}::timestamptz`);
}
