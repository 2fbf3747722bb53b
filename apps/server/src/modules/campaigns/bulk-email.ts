import { bulkEmailInputSchema, type BulkEmailInput, type BulkEmailResult } from '@doppel/contracts';
import { and, campaignLeads, eq, inArray } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { findOrCreateContact } from '../contacts';
import { queueEmail, sendingMailbox } from '../messengers';
import { optOutReasons } from './email-opt-outs';
import { assertOpen, findOwnCampaign } from './campaign-queries';
import { LEAD_NOT_FOUND, type LeadRecord } from './leads';
import { touchesOf } from './touch-budget';
import { getUserSettings } from '../settings';

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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The Leads tab's Bulk Email: one email per chosen lead, queued from the user's own mailbox
 * (docs/decisions/031), with the campaign's unsubscribe link; leads without an address, or whose
 * address bounced or unsubscribed, are skipped with the reason. A lead is marked contacted once
 * the mail server accepted its mail. Every id must be a lead of this campaign, or nothing is sent.
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
  if (leads.length !== ids.length)
    throw new AppError('not_found', LEAD_NOT_FOUND, { reason: 'lead_not_found' });
  const byId = new Map(leads.map((lead) => [lead.id, lead]));
  const ordered = ids.map((id) => byId.get(id)!);

  const reasons = await optOutReasons(
    ctx.db,
    userId,
    ordered.flatMap((lead) => (lead.email ? [lead.email] : [])),
  );
  const skipped: BulkEmailResult['skipped'] = [];
  const now = ctx.clock.now();
  const { touchesPerWeek } = await getUserSettings(ctx, userId);
  const queued = await ctx.db.transaction(async (tx) => {
    // Sending needs the user's mailbox; without one nothing is queued (mailbox_required).
    await sendingMailbox(tx, userId);
    let count = 0;
    for (const lead of ordered) {
      const address = lead.email?.trim().toLowerCase();
      if (!address || !EMAIL.test(address)) {
        skipped.push({ leadId: lead.id, name: lead.name, reason: 'no_email' });
        continue;
      }
      const optedOut = reasons.get(address);
      if (optedOut) {
        skipped.push({ leadId: lead.id, name: lead.name, reason: optedOut });
        continue;
      }
      // The user's touch budget: this person had their campaign messages for the last 7 days.
      if (lead.contactId && (await touchesOf(tx, userId, [lead.contactId], now)) >= touchesPerWeek) {
        skipped.push({ leadId: lead.id, name: lead.name, reason: 'touch_budget' });
        continue;
      }
      // The lead's contact, so that their answer finds them (and the lead responds).
      const contactId =
        lead.contactId ??
        (
          await findOrCreateContact(
            tx,
            { userId },
            {
              match: { source: 'email', handle: address },
              create: {
                name: lead.name,
                company: lead.company,
                language: lead.language ?? 'en',
                source: 'email',
                handle: address,
              },
              now,
            },
          )
        ).id;
      if (!lead.contactId) {
        await tx
          .update(campaignLeads)
          .set({ contactId, updatedAt: now })
          .where(and(eq(campaignLeads.id, lead.id), eq(campaignLeads.userId, userId)));
      }
      // Marked contacted once the mail server accepts it (the send job's message.sent).
      await queueEmail(ctx, tx, {
        userId,
        to: { address, name: lead.name },
        subject: fillPlaceholders(data.subject, lead),
        text: fillPlaceholders(data.body, lead),
        contactId,
        campaignId,
        leadId: lead.id,
        unsubscribable: true,
      });
      count++;
    }
    return count;
  });
  return { queued, skipped };
}
