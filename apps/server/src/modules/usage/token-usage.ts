import { DEFAULT_INSTANCE_TOKEN_QUOTA, type TokenPurpose, type TokenUsage } from '@doppel/contracts';
import { and, eq, gte, sql, subscriptions, tokenUsage, type DbOrTx } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAILY_WINDOW_DAYS = 30;

/** The quota period is the calendar month in UTC (the plan's quota is per month). */
export function quotaPeriodStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export interface UsageRecord {
  model: string;
  provider: string;
  purpose: TokenPurpose;
  promptTokens: number;
  completionTokens: number;
  /** The campaign the call worked for (its outreach drafts): the campaign's spent budget. */
  campaignId?: string | null;
}

export async function recordTokenUsage(ctx: AppContext, userId: string, usage: UsageRecord): Promise<void> {
  await ctx.db.insert(tokenUsage).values({ userId, ...usage, createdAt: ctx.clock.now() });
}

async function tokenQuota(db: DbOrTx, userId: string): Promise<number> {
  const [plan] = await db
    .select({ tokenQuota: subscriptions.tokenQuota })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return plan?.tokenQuota ?? DEFAULT_INSTANCE_TOKEN_QUOTA;
}

async function tokensUsedSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({
      used: sql<string>`coalesce(sum(${tokenUsage.promptTokens} + ${tokenUsage.completionTokens}), 0)`,
    })
    .from(tokenUsage)
    .where(and(eq(tokenUsage.userId, userId), gte(tokenUsage.createdAt, since)));
  return Number(row?.used ?? 0);
}

/**
 * Refuses a model call once this month's tokens reach the plan's quota. Checked before the
 * call, so the call that crosses the line is allowed to finish (its size is not known ahead).
 */
export async function assertTokenQuotaLeft(ctx: AppContext, userId: string): Promise<void> {
  const now = ctx.clock.now();
  const [quota, used] = await Promise.all([
    tokenQuota(ctx.db, userId),
    tokensUsedSince(ctx.db, userId, quotaPeriodStart(now)),
  ]);
  if (used >= quota) throw new AppError('token_quota_exceeded');
}

export async function tokensUsedThisMonth(ctx: AppContext, userId: string): Promise<number> {
  return tokensUsedSince(ctx.db, userId, quotaPeriodStart(ctx.clock.now()));
}

function utcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Settings → Tokens: this month against the quota, per model, and the last 30 days by day. */
export async function getTokenUsage(ctx: AppContext, userId: string): Promise<TokenUsage> {
  const now = ctx.clock.now();
  const periodStart = quotaPeriodStart(now);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const firstDay = new Date(today - (DAILY_WINDOW_DAYS - 1) * DAY_MS);
  const total = sql<string>`sum(${tokenUsage.promptTokens} + ${tokenUsage.completionTokens})`;
  // The day is computed in UTC whatever the database session's time zone is.
  const day = sql<string>`to_char(${tokenUsage.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [quota, byModelRows, dailyRows] = await Promise.all([
    tokenQuota(ctx.db, userId),
    ctx.db
      .select({ model: tokenUsage.model, tokens: total })
      .from(tokenUsage)
      .where(and(eq(tokenUsage.userId, userId), gte(tokenUsage.createdAt, periodStart)))
      .groupBy(tokenUsage.model),
    ctx.db
      .select({ date: day, tokens: total })
      .from(tokenUsage)
      .where(and(eq(tokenUsage.userId, userId), gte(tokenUsage.createdAt, firstDay)))
      .groupBy(day),
  ]);
  const byDay = new Map(dailyRows.map((row) => [row.date, Number(row.tokens)]));
  const daily = Array.from({ length: DAILY_WINDOW_DAYS }, (_, i) => {
    const date = utcDate(new Date(firstDay.getTime() + i * DAY_MS));
    return { date, tokens: byDay.get(date) ?? 0 };
  });
  const byModel = byModelRows
    .map((row) => ({ model: row.model, tokens: Number(row.tokens) }))
    .sort((a, b) => b.tokens - a.tokens || a.model.localeCompare(b.model));
  return {
    used: byModel.reduce((sum, row) => sum + row.tokens, 0),
    total: quota,
    periodStart: periodStart.toISOString(),
    byModel,
    daily,
  };
}
