import {
  budgetPerContact,
  campaignDisplayName,
  campaignTitle,
  dailyBudget,
  stageConfigsSchema,
  updateCampaignInputSchema,
  type Campaign,
  type StageConfigs,
  type UpdateCampaignInput,
  type WhatsAppOutreachTemplate,
} from '@doppel/contracts';
import { and, campaigns, eq } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { assertOpen, findOwnCampaign, getCampaign, isModelChoice } from './campaign-queries';
import { resequence } from './sequence';
import { reopenEngagement } from './run-campaign';
import { resolveTemplateChoice, sameTemplateChoice } from './whatsapp-template-choice';

type Changes = ReturnType<typeof updateCampaignInputSchema.parse>;

/**
 * The stage configs with the settings' changes applied to the parts they belong to;
 * `whatsAppTemplate` is the template the account has approved for the choice (null: none),
 * left as it is when undefined.
 */
export function applyToStageConfigs(
  current: StageConfigs,
  changes: Changes,
  totalBudget: number,
  whatsAppTemplate?: WhatsAppOutreachTemplate | null,
): StageConfigs {
  const extraction = {
    ...current.extraction,
    ...(changes.sources && { sources: changes.sources }),
    ...(changes.sourceConfigs && {
      source_configs: { ...current.extraction.source_configs, ...changes.sourceConfigs },
    }),
    ...(changes.targetContactCount !== undefined && { target_contact_count: changes.targetContactCount }),
    ...(changes.filters && { filters: { ...current.extraction.filters, ...changes.filters } }),
  };
  const enrichment = {
    ...current.enrichment,
    ...(changes.tools && { tools: changes.tools }),
    ...(changes.dataQualityThreshold !== undefined && {
      data_quality_threshold: changes.dataQualityThreshold,
    }),
    budget_per_contact: budgetPerContact(totalBudget, extraction.target_contact_count),
  };
  let templates = current.engagement.message_templates;
  if (changes.messageTemplate !== undefined) {
    // The settings dialog edits the first template; clearing it removes it.
    const rest = templates.slice(1);
    templates = changes.messageTemplate.trim() === '' ? rest : [changes.messageTemplate, ...rest];
  }
  const channelConfigs = { ...current.engagement.channel_configs };
  if (whatsAppTemplate !== undefined) {
    channelConfigs.whatsapp = { ...channelConfigs.whatsapp, template: whatsAppTemplate };
  }
  const engagement = {
    ...current.engagement,
    ...(changes.channels && { channels: changes.channels }),
    ...(changes.followUpSequence && { follow_up_sequence: changes.followUpSequence }),
    ...(changes.accountType && { account_type: changes.accountType }),
    ...(changes.dailySendLimit !== undefined && { daily_send_limit: changes.dailySendLimit }),
    ...(changes.aiConfig?.personalization && { personalization_level: changes.aiConfig.personalization }),
    message_templates: templates,
    channel_configs: channelConfigs,
  };
  return stageConfigsSchema.parse({ extraction, enrichment, engagement });
}

/**
 * The detail's Settings: applies each change to the part of the stored draft it
 * belongs to and recomputes the figures that follow from it (daily budget, budget per contact,
 * the stored name). `name` is the title; a full stored name is cut at its first colon.
 */
export async function updateCampaign(
  ctx: AppContext,
  userId: string,
  id: string,
  input: UpdateCampaignInput,
): Promise<Campaign> {
  const changes = updateCampaignInputSchema.parse(input);
  // The campaign's model is one the user can draft with (decision 036).
  const model = changes.aiConfig?.model;
  if (model && !(await isModelChoice(ctx, userId, model))) {
    throw new AppError('validation_failed', undefined, { fields: { model: 'modelNotFound' } });
  }
  // The template is looked up on WhatsApp before the transaction: no row waits on Graph.
  const whatsAppTemplate = await chosenTemplate(ctx, userId, id, changes);
  await ctx.db.transaction(async (tx) => {
    const row = await findOwnCampaign(tx, userId, id, { forUpdate: true });
    assertOpen(row, 'editing it');
    const totalBudget = changes.totalBudget ?? row.totalBudget;
    const stageConfigs = applyToStageConfigs(row.stageConfigs, changes, totalBudget, whatsAppTemplate);
    const nameChanges = changes.name !== undefined || changes.sources || changes.tools || changes.channels;
    const title = campaignTitle(changes.name ?? row.name).trim() || campaignTitle(row.name);
    await tx
      .update(campaigns)
      .set({
        ...(nameChanges && {
          name: campaignDisplayName(
            title,
            stageConfigs.extraction.sources,
            stageConfigs.enrichment.tools,
            stageConfigs.engagement.channels,
          ),
        }),
        ...(changes.description !== undefined && { description: changes.description }),
        ...(changes.totalBudget !== undefined && {
          totalBudget: changes.totalBudget,
          dailyBudget: dailyBudget(changes.totalBudget),
        }),
        // A daily budget given with it wins over the one derived from the total.
        ...(changes.dailyBudget !== undefined && { dailyBudget: changes.dailyBudget }),
        ...(changes.aiConfig && { aiSettings: { ...row.aiSettings, ...changes.aiConfig } }),
        stageConfigs,
        updatedAt: ctx.clock.now(),
      })
      .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId)));
    if (changes.followUpSequence) await resequence(ctx, tx, { ...row, stageConfigs });
    // A lower threshold releases held leads: engagement picks them up on the next slice.
    if (
      changes.dataQualityThreshold !== undefined &&
      row.status === 'active' &&
      row.stageCompletion.engagement
    ) {
      await reopenEngagement(ctx, tx, row);
    }
  });
  return getCampaign(ctx, userId, id);
}

/**
 * The WhatsApp template the settings choose, as the account has it approved; undefined when the
 * choice does not change (the stored one is kept without asking WhatsApp again), null to remove
 * it. A template needs WhatsApp among the campaign's channels.
 */
async function chosenTemplate(
  ctx: AppContext,
  userId: string,
  id: string,
  changes: Changes,
): Promise<WhatsAppOutreachTemplate | null | undefined> {
  const choice = changes.whatsAppTemplate;
  if (choice === undefined) return undefined;
  if (choice === null) return null;
  const row = await findOwnCampaign(ctx.db, userId, id);
  assertOpen(row, 'editing it');
  const channels = changes.channels ?? row.stageConfigs.engagement.channels;
  if (!channels.includes('whatsapp')) {
    throw new AppError('validation_failed', undefined, {
      fields: { whatsAppTemplate: 'whatsappChannelRequired' },
    });
  }
  const stored = row.stageConfigs.engagement.channel_configs.whatsapp?.template;
  if (sameTemplateChoice(stored, choice)) return undefined;
  return resolveTemplateChoice(ctx, userId, choice);
}
