import { campaignTitle } from '@doppel/contracts';
import { and, asc, campaignLeads, desc, eq, sql } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { findOwnCampaign } from './campaign-queries';

export const CALL_LIST_COLUMNS = [
  'name',
  'company',
  'position',
  'phone',
  'email',
  'status',
  'match',
] as const;

/**
 * One CSV cell (RFC 4180). A cell a spreadsheet would read as a formula (= + - @, or a tab or
 * carriage return that some of them skip) gets a leading apostrophe, so opening the list cannot
 * run what a lead's data carries.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The download's file name: the campaign title, kept to characters every system accepts. */
export function callListFileName(campaignName: string): { ascii: string; utf8: string } {
  const title = campaignTitle(campaignName).trim() || 'campaign';
  const utf8 = `${title} - call list.csv`.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_');
  const ascii = utf8.replace(/[^\x20-\x7e]+/g, '_');
  return { ascii, utf8 };
}

export interface CallList {
  fileName: { ascii: string; utf8: string };
  csv: string;
}

/**
 * The Leads tab's Call List: every lead of the campaign, those with a phone number first (then
 * the best match), as a CSV with a byte-order mark so spreadsheets read non-Latin names right.
 */
export async function buildCallList(ctx: AppContext, userId: string, campaignId: string): Promise<CallList> {
  const campaign = await findOwnCampaign(ctx.db, userId, campaignId);
  const leads = await ctx.db
    .select({
      name: campaignLeads.name,
      company: campaignLeads.company,
      position: campaignLeads.position,
      phone: campaignLeads.phone,
      email: campaignLeads.email,
      status: campaignLeads.status,
      match: campaignLeads.matchScore,
    })
    .from(campaignLeads)
    .where(and(eq(campaignLeads.campaignId, campaignId), eq(campaignLeads.userId, userId)))
    .orderBy(
      sql`(${campaignLeads.phone} is null or ${campaignLeads.phone} = '')`,
      desc(campaignLeads.matchScore),
      asc(campaignLeads.name),
      asc(campaignLeads.id),
    );
  const lines = [
    CALL_LIST_COLUMNS.join(','),
    ...leads.map((lead) => CALL_LIST_COLUMNS.map((column) => csvCell(lead[column])).join(',')),
  ];
  return { fileName: callListFileName(campaign.name), csv: `\uFEFF${lines.join('\r\n')}\r\n` };
}
