import {
  buildCampaignDraft,
  createCampaignInputSchema,
  type Campaign,
  type CreateCampaignInput,
} from '@doppel/contracts';
import { campaigns } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { getUserSettings } from '../settings';
import { campaignModelNames, NO_FIGURES, toCampaign } from './campaign-queries';

/** Per-message token cap a new campaign starts with. */
export const DEFAULT_CAMPAIGN_MAX_TOKENS = 2000;

/**
 * The wizard's Launch: the server computes the whole draft from the
 * wizard's choices with the same formulas the wizard shows, so a client cannot post its own
 * budget figures.
 */
export async function createCampaign(
  ctx: AppContext,
  userId: string,
  input: CreateCampaignInput,
): Promise<Campaign> {
  const data = createCampaignInputSchema.parse(input);
  const draft = buildCampaignDraft(data);
  const settings = await getUserSettings(ctx, userId);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(campaigns)
    .values({
      userId,
      name: draft.name,
      type: draft.campaign_type,
      goal: data.goal,
      status: draft.status,
      description: draft.description,
      progress: draft.progress,
      currentStage: draft.current_stage,
      stageCompletion: draft.stage_completion_status,
      stageConfigs: draft.stage_configs,
      totalBudget: draft.total_budget,
      dailyBudget: draft.daily_budget,
      aiSettings: {
        personalization: 'high',
        // Every account's settings carry a temperature (0.7 unless the user moved the slider).
        temperature: settings.aiPreferences.temperature,
        max_tokens: DEFAULT_CAMPAIGN_MAX_TOKENS,
      },
      run: { state: 'idle', stage: null, notes: [], error: null, updatedAt: null },
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toCampaign(row!, NO_FIGURES, (await campaignModelNames(ctx, userId))(null));
}
