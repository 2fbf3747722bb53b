import { CONTACT_SOURCES, LEAD_CSV_MAX_BYTES, type CampaignSource } from '@doppel/contracts';
import { and, asc, campaignLeads, contacts, count, eq, isNull, sql, type DbOrTx } from '@doppel/db';
import { fetchSheetCsv, SheetError } from '../../integrations/growth/google-sheets';
import { apolloClient, pipedriveClient } from '../../integrations/growth/growth-clients';
import type { SourcePerson } from '../../integrations/growth/lead-source';
import { GrowthProviderError } from '../../integrations/growth/provider-http';
import { anyAddress } from '../../integrations/web/fetch-page';
import type { AppContext } from '../../lib/context';
import { isPublicAddress } from '../../lib/public-only-fetch';
import type { CampaignRow } from './campaign-queries';
import { readGrowthCredential } from './growth-credentials';
import { insertLeads } from './lead-rows';
import {
  CsvFormatError,
  guessLeadMapping,
  parseLeadCsv,
  readCsvHeaders,
  type LeadRow,
} from './parse-lead-csv';
import { note, providerProblem, type NoteProblem, type RunNote, type SliceResult } from './run-state';
import { cutText } from '../../lib/text';

/*
 * Extraction: one chosen source per slice, in the order the campaign lists them,
 * until the campaign holds its target number of leads. What a source could not give — a key or
 * an address missing, no open API, a provider's refusal — becomes a note in our words, and the
 * other sources still run.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function leadCount(db: DbOrTx, campaignId: string, source?: CampaignSource): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(campaignLeads)
    .where(
      and(eq(campaignLeads.campaignId, campaignId), source ? eq(campaignLeads.source, source) : undefined),
    );
  return Number(row?.n ?? 0);
}

/** A contact of the user as a lead: their handle says how to reach them on its channel. */
function contactAsLead(contact: typeof contacts.$inferSelect): LeadRow {
  const handle = contact.handle?.trim() ?? '';
  const isEmail = (contact.source === 'email' || contact.source === 'gmail') && EMAIL.test(handle);
  const digits = handle.replace(/\D/g, '');
  return {
    name: cutText(contact.name, 200),
    company: contact.company,
    position: null,
    email: isEmail ? handle.toLowerCase() : null,
    phone: contact.source === 'whatsapp' && digits.length >= 8 ? `+${digits}` : null,
    linkedinUrl: contact.source === 'linkedin' && /linkedin\.com\//i.test(handle) ? handle : null,
    language: contact.language,
    externalId: contact.id,
  };
}

/** Rows to store, and what to say about them once stored. */
interface SourceRead {
  rows: readonly (LeadRow | SourcePerson)[];
  /** Said after the import, with the count of new leads. */
  problem?: NoteProblem;
  /** Inner CRM: link each lead to the contact it was copied from. */
  linkContacts?: boolean;
}

type SourceOutcome = SourceRead | RunNote;

function isNote(outcome: SourceOutcome): outcome is RunNote {
  return 'outcome' in outcome;
}

async function readSource(
  ctx: AppContext,
  campaign: CampaignRow,
  source: CampaignSource,
  room: number,
): Promise<SourceOutcome> {
  const { userId } = campaign;
  const configs = campaign.stageConfigs.extraction;
  const info = CONTACT_SOURCES.find((each) => each.id === source);
  if (info?.access === 'unavailable') return note('extraction', source, 'unavailable');
  if (source === 'csv_upload' || source === 'manual_input') {
    // Their leads come from the Leads tab (file import, add by hand): the run counts them.
    return note('extraction', source, 'imported', { count: await leadCount(ctx.db, campaign.id, source) });
  }
  if (room <= 0) {
    return note('extraction', source, 'imported', {
      count: 0,
      problem: 'target_reached',
      detail: 'The campaign already has its target number of leads.',
    });
  }
  if (source === 'inner_crm') {
    const own = await ctx.db
      .select()
      .from(contacts)
      .where(eq(contacts.userId, userId))
      .orderBy(asc(contacts.createdAt), asc(contacts.id))
      .limit(room);
    return { rows: own.map(contactAsLead), linkContacts: true };
  }
  if (source === 'pipedrive') {
    const token = await readGrowthCredential(ctx, userId, 'pipedrive');
    if (!token) return note('extraction', source, 'needs_credential');
    return { rows: await pipedriveClient(ctx.config).listPersons(token, { limit: room }) };
  }
  if (source === 'apollo_search') {
    const key = await readGrowthCredential(ctx, userId, 'apollo');
    if (!key) return note('extraction', source, 'needs_credential');
    const titles = configs.filters.job_titles.map((title) => title.trim()).filter(Boolean);
    const keywords = configs.source_configs.apollo_search?.query?.trim() || titles.join(' ');
    if (!keywords && titles.length === 0) {
      // An empty search would import whoever Apollo lists first: not leads for this campaign.
      return note('extraction', source, 'failed', {
        problem: 'apollo_needs_query',
        detail: 'Apollo search needs a search phrase or job titles; add them in the campaign settings.',
      });
    }
    return {
      rows: await apolloClient(ctx.config).searchPeople(key, { keywords, titles }, { limit: room }),
    };
  }
  // google_sheets
  const address = configs.source_configs.google_sheets?.url;
  if (!address) return note('extraction', source, 'needs_url');
  const csv = await fetchSheetCsv(address, {
    allowAddress: ctx.config.fetchAllowPrivateAddresses ? anyAddress : isPublicAddress,
    maxBytes: LEAD_CSV_MAX_BYTES,
  });
  const mapping = guessLeadMapping(readCsvHeaders(csv));
  if (!mapping) {
    return note('extraction', source, 'failed', {
      problem: 'sheet_no_name_column',
      detail: 'The sheet has no column of names (Name, Full name, Contact…) in its first row.',
    });
  }
  const parsed = parseLeadCsv(csv, mapping);
  const skipped = parsed.rejected.length;
  return {
    rows: parsed.rows.slice(0, room),
    ...(skipped > 0 && {
      problem: {
        problem: 'rows_skipped',
        skipped,
        detail: `${skipped} row${skipped === 1 ? ' was' : 's were'} skipped (no name, or an email that is not an address).`,
      },
    }),
  };
}

/** Why a source failed: adapters' own codes and messages, else a plain sentence. */
function failureProblem(error: unknown): NoteProblem | null {
  if (error instanceof GrowthProviderError) return providerProblem(error);
  if (error instanceof SheetError) return { problem: error.problem, detail: error.message };
  // The parser's message may quote the file; say only that it is not CSV.
  if (error instanceof CsvFormatError)
    return { problem: 'sheet_not_csv', detail: 'The sheet could not be read as CSV.' };
  return null;
}

/**
 * The next extraction slice: reads the first chosen source the run has no note for yet. Its
 * leads are stored (duplicates skipped, each scored) in the transaction that saves the run.
 */
export async function extractionSlice(
  ctx: AppContext,
  campaign: CampaignRow,
  notes: readonly RunNote[],
): Promise<SliceResult> {
  const { sources, target_contact_count: target } = campaign.stageConfigs.extraction;
  const done = new Set(notes.filter((each) => each.stage === 'extraction').map((each) => each.subject));
  const left = sources.filter((source) => !done.has(source));
  const source = left[0];
  if (!source) return { stage: 'extraction', notes: [], sourcesDone: true };
  const sourcesDone = left.length === 1;
  const room = target - (await leadCount(ctx.db, campaign.id));

  let outcome: SourceOutcome;
  try {
    outcome = await readSource(ctx, campaign, source, room);
  } catch (error) {
    const problem = failureProblem(error);
    if (problem === null) throw error;
    outcome = note('extraction', source, 'failed', problem);
  }
  if (isNote(outcome)) return { stage: 'extraction', notes: [outcome], sourcesDone };

  const read = outcome;
  return {
    stage: 'extraction',
    notes: [],
    sourcesDone,
    write: async (tx) => {
      // The target may have filled up meanwhile (a file imported on the Leads tab).
      const stillRoom = Math.max(0, target - (await leadCount(tx, campaign.id)));
      const result = await insertLeads(tx, {
        userId: campaign.userId,
        campaignId: campaign.id,
        source,
        rows: read.rows.slice(0, stillRoom),
        now: ctx.clock.now(),
        scoring: campaign.stageConfigs,
      });
      if (read.linkContacts) {
        // Inner CRM leads carry their contact's id as external id: link them to it.
        await tx
          .update(campaignLeads)
          .set({ contactId: sql`${campaignLeads.externalId}::uuid` })
          .where(
            and(
              eq(campaignLeads.campaignId, campaign.id),
              eq(campaignLeads.source, 'inner_crm'),
              isNull(campaignLeads.contactId),
              // A contact deleted since it was read is not linked.
              sql`exists (select 1 from ${contacts} where ${contacts.id} = ${campaignLeads.externalId}::uuid)`,
            ),
          );
      }
      return [
        note('extraction', source, 'imported', {
          count: result.inserted,
          ...read.problem,
        }),
      ];
    },
  };
}
