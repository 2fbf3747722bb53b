import { and, campaigns, eq, sql, tokenUsage, type CampaignAiSettings } from '@doppel/db';
import type { Actor } from '../../lib/actor';
import { startOfUtcDay } from '../../lib/clock';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { resolveModel, type ResolvedModel } from '../ai-models';

/*
 * A campaign's AI settings drive the drafts of its outreach tasks (decision 036): its model,
 * temperature, max tokens and personalization level, and its token budget. The campaigns module
 * owns the table; drafting reads it, so every way of drafting a campaign task — the run's
 * engagement, the composer, the agent, MCP — follows the same settings.
 */

export type Personalization = CampaignAiSettings['personalization'];

export interface CampaignAi {
  /** 'offline', 'server' or a user's model id; null: the user's main model. */
  model: string | null;
  temperature: number;
  maxTokens: number;
  personalization: Personalization;
  /** Tokens the campaign's model calls have used (token_usage.campaign_id). */
  tokensUsed: number;
  /** The campaign's budget in tokens (stored in thousands). */
  budgetTokens: number;
  /** Tokens its model calls used since midnight UTC. */
  tokensToday: number;
  /** The campaign's daily budget in tokens (stored in thousands). */
  dailyBudgetTokens: number;
}

/** The campaign's AI settings and what is left of its budget; null for no (or a deleted) campaign. */
export async function campaignAi(
  ctx: AppContext,
  userId: string,
  campaignId: string | undefined,
): Promise<CampaignAi | null> {
  if (!campaignId) return null;
  const [[row], [used]] = await Promise.all([
    ctx.db
      .select({
        aiSettings: campaigns.aiSettings,
        totalBudget: campaigns.totalBudget,
        dailyBudget: campaigns.dailyBudget,
      })
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId))),
    ctx.db
      .select({
        // float8 so both drivers answer a number, not a bigint string.
        tokens: sql<number>`coalesce(sum(${tokenUsage.promptTokens} + ${tokenUsage.completionTokens}), 0)::float8`,
        today: sql<number>`coalesce(sum(${tokenUsage.promptTokens} + ${tokenUsage.completionTokens}) filter (where ${tokenUsage.createdAt} >= ${startOfUtcDay(ctx.clock.now()).toISOString()}::timestamptz), 0)::float8`,
      })
      .from(tokenUsage)
      .where(and(eq(tokenUsage.userId, userId), eq(tokenUsage.campaignId, campaignId))),
  ]);
  if (!row) return null;
  return {
    model: row.aiSettings.model ?? null,
    temperature: row.aiSettings.temperature,
    maxTokens: row.aiSettings.max_tokens,
    personalization: row.aiSettings.personalization,
    tokensUsed: Number(used?.tokens ?? 0),
    budgetTokens: row.totalBudget * 1000,
    tokensToday: Number(used?.today ?? 0),
    dailyBudgetTokens: row.dailyBudget * 1000,
  };
}

/**
 * The model a draft is written with: the campaign's own choice when it has one and it still
 * exists (a deleted model falls back to the user's main model), else the user's main model.
 * Demo sandboxes always draft offline. A campaign whose budget is spent refuses any model with
 * `campaign_budget_spent`, before a call is made; the offline engine spends nothing and still
 * drafts.
 */
export async function draftingModel(
  ctx: AppContext,
  actor: Actor,
  campaign: CampaignAi | null,
): Promise<ResolvedModel> {
  let model: ResolvedModel | null = null;
  if (campaign?.model && !actor.isDemo) {
    try {
      model = await resolveModel(ctx, actor, campaign.model);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'not_found')) throw error;
    }
  }
  model ??= await resolveModel(ctx, actor);
  if (model.kind === 'provider' && campaign && campaign.tokensUsed >= campaign.budgetTokens) {
    throw new AppError('campaign_budget_spent');
  }
  if (model.kind === 'provider' && campaign && campaign.tokensToday >= campaign.dailyBudgetTokens) {
    throw new AppError('campaign_daily_budget_spent');
  }
  return model;
}

/** What the model is told for each personalization level of a campaign. */
export const PERSONALIZATION: Record<Personalization, string> = {
  low: 'Personalization: low. Write a short, general message: use the contact’s name and company, and no other details about them.',
  medium:
    'Personalization: medium. Refer to the contact’s role and company and one point from what is known about them.',
  high: 'Personalization: high. Tailor the whole message to the contact: their role, company, what is known about them and the campaign’s purpose; no generic sentence.',
};
