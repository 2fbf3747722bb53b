import { rateLimitCounters, sql, type Db } from '@doppel/db';
import { AppError } from './app-error';

export interface RateRule {
  /** What is counted, e.g. `sign-in:ip:127.0.0.1`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

export interface RateCount {
  rule: RateRule;
  /** Hits in the current window, this one included. */
  hits: number;
  /** When the current window ends. */
  resetsAt: Date;
}

/**
 * Counts one hit against each rule in the shared database table (fixed windows) and returns
 * each rule's count in its window. All rules are counted, so hammering one email from many IPs
 * still fills both buckets.
 */
export async function countRateLimits(db: Db, rules: RateRule[], now: Date): Promise<RateCount[]> {
  const counts: RateCount[] = [];
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
    counts.push({
      rule,
      hits: row!.hits,
      resetsAt: new Date(row!.windowStartedAt.getTime() + rule.windowSeconds * 1000),
    });
  }
  return counts;
}

/** Seconds until every rule over its limit has a new window; 0 when none is over. */
export function secondsUntilAllowed(counts: RateCount[], now: Date): number {
  let retryAfter = 0;
  for (const { rule, hits, resetsAt } of counts) {
    if (hits > rule.limit) {
      retryAfter = Math.max(retryAfter, Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)));
    }
  }
  return retryAfter;
}

/** Counts a hit against each rule and throws `rate_limited` with the seconds to wait when any is over. */
export async function enforceRateLimits(db: Db, rules: RateRule[], now: Date): Promise<void> {
  const retryAfter = secondsUntilAllowed(await countRateLimits(db, rules, now), now);
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
