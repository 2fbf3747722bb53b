import {
  OFFLINE_MODEL_ID,
  SERVER_MODEL_ID,
  campaignStatuses,
  campaignTypes,
  listCampaignsQuerySchema,
  type Campaign,
  type CampaignList,
  type CampaignStatus,
  type CampaignType,
  type ListCampaignsQuery,
} from '@doppel/contracts';
import {
  aiModels,
  and,
  campaignLeads,
  campaigns,
  desc,
  eq,
  isNotNull,
  or,
  sql,
  tokenUsage,
  users,
  type DbOrTx,
} from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { userReadCacheFor, type UserReadCache } from '../../lib/user-read-cache';
import { effectiveModelId } from '../ai-models';
import { escapeLike } from '../contacts';
import { getUserSettings } from '../settings';

export type CampaignRow = typeof campaigns.$inferSelect;

export const CAMPAIGN_NOT_FOUND = 'Campaign not found';

/** What a campaign's metrics are computed from: its leads and the tokens spent for it. */
export interface CampaignFigures {
  found: number;
  contacted: number;
  responded: number;
  qualified: number;
  converted: number;
  /** Leads a message went out to (contactedAt set): the divisor of the cost per message. */
  messaged: number;
  /** Prompt + completion tokens of the model calls made for the campaign. */
  tokens: number;
}

export const NO_FIGURES: CampaignFigures = {
  found: 0,
  contacted: 0,
  responded: 0,
  qualified: 0,
  converted: 0,
  messaged: 0,
  tokens: 0,
};

/** Statuses counted as having reached each funnel step (statuses only count forward). */
export const REACHED_CONTACTED = ['contacted', 'responded', 'qualified', 'converted'] as const;
export const REACHED_RESPONDED = ['responded', 'qualified', 'converted'] as const;
export const REACHED_QUALIFIED = ['qualified', 'converted'] as const;

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/** a ÷ b as a percent with one decimal; 0 when b is 0. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : round((part / whole) * 100, 1);
}

/** The campaign as the API returns it. */
export function toCampaign(row: CampaignRow, figures: CampaignFigures, modelName: string): Campaign {
  const spentThousands = figures.tokens / 1000;
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    goal: row.goal ?? null,
    status: row.status,
    description: row.description,
    progress: row.progress,
    currentStage: row.currentStage,
    stageCompletion: row.stageCompletion,
    stageConfigs: row.stageConfigs,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    metrics: {
      leads_found: figures.found,
      leads_contacted: figures.contacted,
      leads_responded: figures.responded,
      leads_qualified: figures.qualified,
      leads_converted: figures.converted,
      response_rate: percentOf(figures.responded, figures.contacted),
      cost_per_lead: figures.found === 0 ? 0 : round(spentThousands / figures.found, 2),
    },
    budget: { total: row.totalBudget, spent: round(spentThousands, 1), daily: row.dailyBudget },
    ai_config: {
      model: modelName,
      model_id: row.aiSettings.model ?? null,
      personalization: row.aiSettings.personalization,
      temperature: row.aiSettings.temperature,
      max_tokens: row.aiSettings.max_tokens,
      tokens_used: Math.round(figures.tokens),
      avg_cost_per_message: figures.messaged === 0 ? 0 : round(figures.tokens / figures.messaged, 1),
    },
    platforms: row.stageConfigs.engagement.channels,
    dates: { start: row.startedAt?.toISOString() ?? null, end: row.endedAt?.toISOString() ?? null },
    run: row.run,
    isSample: row.isSample,
  };
}

/** `a, b, c` as bound parameters, for `status in (…)`. */
export const statusIn = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );

/**
 * Campaigns of one user with their figures, in one query: the leads and the token usage are
 * each aggregated per campaign in a subquery and joined, so a list costs the same as one card.
 */
async function selectWithFigures(
  db: DbOrTx,
  userId: string,
  where: ReturnType<typeof and>,
): Promise<Array<{ row: CampaignRow; figures: CampaignFigures }>> {
  const leadFigures = db
    .select({
      campaignId: campaignLeads.campaignId,
      found: sql<number>`count(*)::int`.as('found'),
      contacted:
        sql<number>`(count(*) filter (where ${campaignLeads.status} in (${statusIn(REACHED_CONTACTED)})))::int`.as(
          'contacted',
        ),
      responded:
        sql<number>`(count(*) filter (where ${campaignLeads.status} in (${statusIn(REACHED_RESPONDED)})))::int`.as(
          'responded',
        ),
      qualified:
        sql<number>`(count(*) filter (where ${campaignLeads.status} in (${statusIn(REACHED_QUALIFIED)})))::int`.as(
          'qualified',
        ),
      converted: sql<number>`(count(*) filter (where ${campaignLeads.status} = 'converted'))::int`.as(
        'converted',
      ),
      messaged: sql<number>`(count(*) filter (where ${campaignLeads.contactedAt} is not null))::int`.as(
        'messaged',
      ),
    })
    .from(campaignLeads)
    .where(eq(campaignLeads.userId, userId))
    .groupBy(campaignLeads.campaignId)
    .as('lead_figures');
  const tokenFigures = db
    .select({
      campaignId: tokenUsage.campaignId,
      // float8 so both drivers answer a number, not a bigint string.
      tokens: sql<number>`sum(${tokenUsage.promptTokens} + ${tokenUsage.completionTokens})::float8`.as(
        'tokens',
      ),
    })
    .from(tokenUsage)
    .where(and(eq(tokenUsage.userId, userId), isNotNull(tokenUsage.campaignId)))
    .groupBy(tokenUsage.campaignId)
    .as('token_figures');
  const rows = await db
    .select({
      campaign: campaigns,
      found: leadFigures.found,
      contacted: leadFigures.contacted,
      responded: leadFigures.responded,
      qualified: leadFigures.qualified,
      converted: leadFigures.converted,
      messaged: leadFigures.messaged,
      tokens: tokenFigures.tokens,
    })
    .from(campaigns)
    .leftJoin(leadFigures, eq(leadFigures.campaignId, campaigns.id))
    .leftJoin(tokenFigures, eq(tokenFigures.campaignId, campaigns.id))
    .where(and(eq(campaigns.userId, userId), where))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  return rows.map(({ campaign, ...figures }) => ({
    row: campaign,
    figures: {
      found: Number(figures.found ?? 0),
      contacted: Number(figures.contacted ?? 0),
      responded: Number(figures.responded ?? 0),
      qualified: Number(figures.qualified ?? 0),
      converted: Number(figures.converted ?? 0),
      messaged: Number(figures.messaged ?? 0),
      tokens: Number(figures.tokens ?? 0),
    },
  }));
}

/**
 * The name of the model a campaign's outreach is drafted with (ai_config.model), by the
 * campaign's choice: that model when it has one and it still exists (drafting falls back the
 * same way, decision 036), else the user's main model as Settings → AI models resolves it, or
 * 'offline' when none is configured. Read once per user, named per campaign.
 */
export async function campaignModelNames(
  ctx: AppContext,
  userId: string,
): Promise<(choice: string | null | undefined) => string> {
  const [settings, own, [user]] = await Promise.all([
    getUserSettings(ctx, userId),
    ctx.db.select({ id: aiModels.id, name: aiModels.name }).from(aiModels).where(eq(aiModels.userId, userId)),
    ctx.db.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, userId)),
  ]);
  const isDemo = user?.isDemo ?? false;
  const nameOf = (id: string): string | null => {
    if (id === OFFLINE_MODEL_ID) return OFFLINE_MODEL_ID;
    if (id === SERVER_MODEL_ID) return ctx.config.ai?.model ?? null;
    return own.find((model) => model.id === id)?.name ?? null;
  };
  const main = effectiveModelId(
    ctx,
    { userId, isDemo },
    settings.aiPreferences.defaultModel,
    new Set(own.map((model) => model.id)),
  );
  const mainName = nameOf(main) ?? OFFLINE_MODEL_ID;
  // Demo sandboxes draft offline whatever the campaign says.
  return (choice) => (choice && !isDemo ? (nameOf(choice) ?? mainName) : mainName);
}

/** Whether a campaign may choose this model: offline, the server's (when set) or one of the user's. */
export async function isModelChoice(ctx: AppContext, userId: string, choice: string): Promise<boolean> {
  if (choice === OFFLINE_MODEL_ID) return true;
  if (choice === SERVER_MODEL_ID) return Boolean(ctx.config.ai);
  if (!/^[0-9a-f-]{36}$/i.test(choice)) return false;
  const [row] = await ctx.db
    .select({ id: aiModels.id })
    .from(aiModels)
    .where(and(eq(aiModels.userId, userId), eq(aiModels.id, choice)));
  return Boolean(row);
}

/** The owner's campaign row or not_found; another user's campaign is indistinguishable from none. */
export async function findOwnCampaign(
  db: DbOrTx,
  userId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<CampaignRow> {
  const query = db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', CAMPAIGN_NOT_FOUND, { reason: 'campaign_not_found' });
  return row;
}

const CLOSED: readonly CampaignStatus[] = ['completed', 'cancelled'];

export function isClosed(status: CampaignStatus): boolean {
  return CLOSED.includes(status);
}

/** Completed and cancelled campaigns are read-only (docs/decisions/019). */
export function assertOpen(row: CampaignRow, doing: string): void {
  if (isClosed(row.status)) {
    throw new AppError('conflict', `This campaign is ${row.status}; ${doing} is no longer possible.`, {
      reason: 'campaign_closed',
    });
  }
}

/** One campaign with its metrics, as GET /api/campaigns/:id answers. */
export async function getCampaign(ctx: AppContext, userId: string, id: string): Promise<Campaign> {
  const [found] = await selectWithFigures(ctx.db, userId, eq(campaigns.id, id));
  if (!found) throw new AppError('not_found', CAMPAIGN_NOT_FOUND, { reason: 'campaign_not_found' });
  const modelName = await campaignModelNames(ctx, userId);
  return toCampaign(found.row, found.figures, modelName(found.row.aiSettings.model));
}

/**
 * The Growth list: newest first, optionally searched in the name and
 * description and filtered by type and status; the chip counts cover all the user's campaigns.
 */
export async function listCampaigns(
  ctx: AppContext,
  userId: string,
  query: ListCampaignsQuery,
): Promise<CampaignList> {
  const { search, type, status } = listCampaignsQuerySchema.parse(query);
  const pattern = search ? `%${escapeLike(search)}%` : null;
  const [items, typeCounts, modelName] = await Promise.all([
    selectWithFigures(
      ctx.db,
      userId,
      and(
        pattern
          ? or(
              sql`${campaigns.name} ILIKE ${pattern} ESCAPE '\\'`,
              sql`${campaigns.description} ILIKE ${pattern} ESCAPE '\\'`,
            )
          : undefined,
        type ? eq(campaigns.type, type) : undefined,
        status ? eq(campaigns.status, status) : undefined,
      ),
    ),
    ctx.db
      .select({ type: campaigns.type, status: campaigns.status, count: sql<number>`count(*)::int` })
      .from(campaigns)
      .where(eq(campaigns.userId, userId))
      .groupBy(campaigns.type, campaigns.status),
    campaignModelNames(ctx, userId),
  ]);
  const byType = Object.fromEntries(campaignTypes.map((each) => [each, 0])) as Record<CampaignType, number>;
  const byStatus = Object.fromEntries(campaignStatuses.map((each) => [each, 0])) as Record<
    CampaignStatus,
    number
  >;
  for (const { type: each, status: state, count } of typeCounts) {
    byType[each] += Number(count);
    byStatus[state] += Number(count);
  }
  return {
    items: items.map(({ row, figures }) => toCampaign(row, figures, modelName(row.aiSettings.model))),
    counts: { total: Object.values(byType).reduce((sum, count) => sum + count, 0), byType, byStatus },
  };
}

/** The cache of the user's Growth reads (list, campaign, leads, analytics); see user-read-cache. */
export function campaignReadCache(ctx: AppContext): UserReadCache {
  return userReadCacheFor(ctx, 'campaigns');
}
