import { bulkEmailInputSchema, type BulkEmailInput, type BulkEmailResult } from '@doppel/contracts';
import { and, campaignLeads, eq, inArray, sql } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { assertOpen, findOwnCampaign } from './campaign-queries';
import { LEAD_NOT_FOUND, type LeadRecord } from './leads';

export const BULK_EMAIL_KIND = 'campaign_bulk_email';

/** Fills {name}, {company} and {position} with the lead's values (blank when unknown). */
export function fillPlaceholders(
  template: string,
  lead: Pick<LeadRecord, 'name' | 'company' | 'position'>,
): string {
  const values: Record<string, string> = {
    name: lead.name,
    company: lead.company ?? '',
    position: lead.position ?? '',
  };
  return template.replace(/\{(name|company|position)\}/g, (_match, key: string) => values[key] ?? '');
}

/**
 * The Leads tab's Bulk Email: one email per chosen lead that has an address, through the app's
 * mailer (SMTP when configured, else kept in the outbox), then the lead is marked contacted —
 * forward only. Every id must be a lead of this campaign, or nothing is sent.
 */
export async function sendBulkEmail(
  ctx: AppContext,
  userId: string,
  campaignId: string,
  input: BulkEmailInput,
): Promise<BulkEmailResult> {
  const data = bulkEmailInputSchema.parse(input);
  const campaign = await findOwnCampaign(ctx.db, userId, campaignId);
  assertOpen(campaign, 'emailing its leads');
  const ids = [...new Set(data.leadIds)];
  const leads = await ctx.db
    .select()
    .from(campaignLeads)
    .where(
      and(
        eq(campaignLeads.campaignId, campaignId),
        eq(campaignLeads.userId, userId),
        inArray(campaignLeads.id, ids),
      ),
    );
  if (leads.length !== ids.length) throw new AppError('not_found', LEAD_NOT_FOUND);
  const byId = new Map(leads.map((lead) => [lead.id, lead]));
  const ordered = ids.map((id) => byId.get(id)!);

  const skipped: BulkEmailResult['skipped'] = [];
  const sentIds: string[] = [];
  for (const lead of ordered) {
    if (!lead.email) {
      skipped.push({ leadId: lead.id, name: lead.name });
      continue;
    }
    await ctx.mailer.send({
      userId,
      kind: BULK_EMAIL_KIND,
      to: lead.email,
      // A name read from a file may hold a line break; a subject must stay one header line.
      subject: fillPlaceholders(data.subject, lead).replace(/[\r\n]+/g, ' '),
      text: fillPlaceholders(data.body, lead),
    });
    sentIds.push(lead.id);
  }
  if (sentIds.length > 0) {
    const now = ctx.clock.now();
    // What advanceLeadStatus does for one lead, in one statement for all of them.
    await ctx.db
      .update(campaignLeads)
      .set({
        status: sql`case when ${campaignLeads.status} = 'new' then 'contacted' else ${campaignLeads.status} end`,
        contactedAt: sql`coalesce(${campaignLeads.contactedAt}, ${now.toISOString()}::timestamptz)`,
        lastContactAt: now,
        updatedAt: now,
      })
      .where(and(eq(campaignLeads.userId, userId), inArray(campaignLeads.id, sentIds)));
  }
  return { sent: sentIds.length, skipped, delivery: ctx.config.smtpUrl ? 'smtp' : 'outbox' };
}
