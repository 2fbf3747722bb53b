import type { CampaignAnalytics } from '@doppel/contracts';
import { and, campaignLeads, eq, gte, isNotNull, sql } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import {
  findOwnCampaign,
  percentOf,
  REACHED_CONTACTED,
  REACHED_QUALIFIED,
  REACHED_RESPONDED,
  statusIn,
} from './campaign-queries';

/** The chart covers at most this many days, ending today. */
export const ANALYTICS_MAX_DAYS = 90;
const DAY_MS = 86_400_000;

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The funnel: each step counts the leads that reached it or went further. */
export function buildFunnel(counts: {
  found: number;
  contacted: number;
  responded: number;
  qualified: number;
  converted: number;
}): CampaignAnalytics['funnel'] {
  const steps = ['found', 'contacted', 'responded', 'qualified', 'converted'] as const;
  return steps.map((stage, index) => ({
    stage,
    count: counts[stage],
    conversionRate: index === 0 ? null : percentOf(counts[stage], counts[steps[index - 1]!]),
  }));
}

/**
 * The Analytics tab: leads found and contacted per UTC day, from the first lead's day (or 90
 * days back, whichever is later) to today, and the conversion funnel.
 */
export async function campaignAnalytics(
  ctx: AppContext,
  userId: string,
  campaignId: string,
): Promise<CampaignAnalytics> {
  await findOwnCampaign(ctx.db, userId, campaignId);
  const today = new Date(`${utcDay(ctx.clock.now())}T00:00:00.000Z`);
  const windowStart = new Date(today.getTime() - (ANALYTICS_MAX_DAYS - 1) * DAY_MS);
  const ofCampaign = and(eq(campaignLeads.campaignId, campaignId), eq(campaignLeads.userId, userId));
  const day = (column: typeof campaignLeads.createdAt | typeof campaignLeads.contactedAt) =>
    sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

  const [[totals], found, contacted] = await Promise.all([
    ctx.db
      .select({
        found: sql<number>`count(*)::int`,
        contacted: sql<number>`(count(*) filter (where ${campaignLeads.status} in (${statusIn(REACHED_CONTACTED)})))::int`,
        responded: sql<number>`(count(*) filter (where ${campaignLeads.status} in (${statusIn(REACHED_RESPONDED)})))::int`,
        qualified: sql<number>`(count(*) filter (where ${campaignLeads.status} in (${statusIn(REACHED_QUALIFIED)})))::int`,
        converted: sql<number>`(count(*) filter (where ${campaignLeads.status} = 'converted'))::int`,
        first: sql<string | null>`to_char(min(${campaignLeads.createdAt}) at time zone 'UTC', 'YYYY-MM-DD')`,
      })
      .from(campaignLeads)
      .where(ofCampaign),
    ctx.db
      .select({ day: day(campaignLeads.createdAt), count: sql<number>`count(*)::int` })
      .from(campaignLeads)
      .where(and(ofCampaign, gte(campaignLeads.createdAt, windowStart)))
      .groupBy(day(campaignLeads.createdAt)),
    ctx.db
      .select({ day: day(campaignLeads.contactedAt), count: sql<number>`count(*)::int` })
      .from(campaignLeads)
      .where(
        and(ofCampaign, isNotNull(campaignLeads.contactedAt), gte(campaignLeads.contactedAt, windowStart)),
      )
      .groupBy(day(campaignLeads.contactedAt)),
  ]);

  const leadsOverTime: CampaignAnalytics['leadsOverTime'] = [];
  if (totals?.first) {
    const foundBy = new Map(found.map((row) => [row.day, Number(row.count)]));
    const contactedBy = new Map(contacted.map((row) => [row.day, Number(row.count)]));
    const first = new Date(`${totals.first}T00:00:00.000Z`);
    for (
      let time = Math.max(first.getTime(), windowStart.getTime());
      time <= today.getTime();
      time += DAY_MS
    ) {
      const date = utcDay(new Date(time));
      leadsOverTime.push({ date, found: foundBy.get(date) ?? 0, contacted: contactedBy.get(date) ?? 0 });
    }
  }
  return {
    leadsOverTime,
    funnel: buildFunnel({
      found: Number(totals?.found ?? 0),
      contacted: Number(totals?.contacted ?? 0),
      responded: Number(totals?.responded ?? 0),
      qualified: Number(totals?.qualified ?? 0),
      converted: Number(totals?.converted ?? 0),
    }),
  };
}
