import type { CampaignSource, StageConfigs } from '@doppel/contracts';
import { and, campaignLeads, eq, type DbOrTx } from '@doppel/db';
import { leadScores } from './match-score';
import type { LeadRow } from './parse-lead-csv';

/** Lower-cased email, or name + company: how one person is recognised within a campaign. */
function identity(row: Pick<LeadRow, 'name' | 'company' | 'email'>): string {
  if (row.email) return `email:${row.email.toLowerCase()}`;
  return `name:${row.name.trim().toLowerCase()}|${(row.company ?? '').trim().toLowerCase()}`;
}

/**
 * Adds leads to a campaign, skipping anyone it already has (same email, or same name and
 * company, or the same id at the same source) and repeats within the batch. Pass the
 * transaction of the change; returns how many were added and how many were duplicates.
 */
export async function insertLeads(
  tx: DbOrTx,
  options: {
    userId: string;
    campaignId: string;
    source: CampaignSource;
    rows: readonly LeadRow[];
    now: Date;
    /** The campaign's configs, to score each row (fit and data quality); without them both are 0. */
    scoring?: StageConfigs;
  },
): Promise<{ inserted: number; duplicates: number; ids: string[] }> {
  const existing = await tx
    .select({
      name: campaignLeads.name,
      company: campaignLeads.company,
      email: campaignLeads.email,
      source: campaignLeads.source,
      externalId: campaignLeads.externalId,
    })
    .from(campaignLeads)
    .where(and(eq(campaignLeads.campaignId, options.campaignId), eq(campaignLeads.userId, options.userId)));
  const seen = new Set(existing.map(identity));
  const seenExternal = new Set(
    existing.filter((lead) => lead.externalId).map((lead) => `${lead.source}:${lead.externalId}`),
  );
  const fresh: LeadRow[] = [];
  let duplicates = 0;
  for (const row of options.rows) {
    const key = identity(row);
    const externalKey = row.externalId ? `${options.source}:${row.externalId}` : null;
    if (seen.has(key) || (externalKey && seenExternal.has(externalKey))) {
      duplicates++;
      continue;
    }
    seen.add(key);
    if (externalKey) seenExternal.add(externalKey);
    fresh.push(row);
  }
  const ids: string[] = [];
  // In slices, so a 10,000-row file stays under the databases' parameter limits.
  for (let start = 0; start < fresh.length; start += 500) {
    const slice = fresh.slice(start, start + 500);
    const inserted = await tx
      .insert(campaignLeads)
      .values(
        slice.map((row) => ({
          userId: options.userId,
          campaignId: options.campaignId,
          name: row.name,
          company: row.company,
          position: row.position,
          email: row.email,
          phone: row.phone,
          linkedinUrl: row.linkedinUrl,
          language: row.language,
          source: options.source,
          externalId: row.externalId ?? null,
          ...(options.scoring ? leadScores(row, options.scoring) : { matchScore: 0, dataQuality: 0 }),
          createdAt: options.now,
          updatedAt: options.now,
        })),
      )
      .returning({ id: campaignLeads.id });
    ids.push(...inserted.map((lead) => lead.id));
  }
  return { inserted: fresh.length, duplicates, ids };
}
