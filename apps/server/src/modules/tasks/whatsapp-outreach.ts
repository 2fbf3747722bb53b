import { renderOutreachTemplate, templateParameters, type Task } from '@doppel/contracts';
import { and, campaignLeads, campaigns, eq } from '@doppel/db';
import type { WhatsAppTemplateMessage } from '../../integrations/messengers/whatsapp';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { whatsAppWindowOpen } from '../messengers';

/** A template message to send instead of the composer's text, and the text the lead reads. */
export interface OutreachTemplate {
  message: WhatsAppTemplateMessage;
  text: string;
}

/**
 * How a campaign's message to a lead on WhatsApp opens the conversation (docs/decisions/034):
 * null when free text may go (the contact wrote within 24 hours, or the task is not a campaign's
 * outreach), else the campaign's approved template filled for the lead. A campaign without a
 * template is whatsapp_template_required: WhatsApp would refuse the free text.
 */
export async function outreachTemplate(
  ctx: AppContext,
  userId: string,
  task: Task,
  contactId: string,
): Promise<OutreachTemplate | null> {
  const { campaignId, leadId } = task.context;
  if (!campaignId || !leadId) return null;
  if (await whatsAppWindowOpen(ctx.db, userId, contactId, ctx.clock.now())) return null;
  // Read from the campaign's own tables (reads are free; campaigns is a module above this one).
  const [found] = await ctx.db
    .select({
      stageConfigs: campaigns.stageConfigs,
      name: campaignLeads.name,
      company: campaignLeads.company,
      position: campaignLeads.position,
    })
    .from(campaignLeads)
    .innerJoin(campaigns, eq(campaigns.id, campaignLeads.campaignId))
    .where(and(eq(campaignLeads.id, leadId), eq(campaignLeads.userId, userId), eq(campaigns.id, campaignId)));
  // The campaign or its lead is gone: the task is an ordinary message now.
  if (!found) return null;
  const template = found.stageConfigs.engagement.channel_configs.whatsapp?.template;
  if (!template) throw new AppError('whatsapp_template_required');
  const lead = { name: found.name, company: found.company, position: found.position };
  return {
    message: {
      name: template.name,
      language: template.language,
      parameterFormat: template.parameter_format,
      parameters: templateParameters(template, lead),
    },
    text: renderOutreachTemplate(template, lead),
  };
}
