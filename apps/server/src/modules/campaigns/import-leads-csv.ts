import {
  importLeadsCsvInputSchema,
  type ImportLeadsCsvInput,
  type LeadImportReport,
} from '@doppel/contracts';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { assertOpen, findOwnCampaign } from './campaign-queries';
import { insertLeads } from './lead-rows';
import {
  CsvFormatError,
  guessLeadMapping,
  parseLeadCsv,
  readCsvHeaders,
  type LeadCsvMapping,
} from './parse-lead-csv';

export interface CsvHeaders {
  headers: string[];
  /** Lead field → header, guessed from the usual column names; null without a name column. */
  suggestedMapping: LeadCsvMapping | null;
}

function formatFailure(error: unknown): never {
  if (error instanceof CsvFormatError) {
    throw new AppError('validation_failed', error.message, { reason: error.reason });
  }
  throw error;
}

/** The import dialog's column-mapping step: the file's headers and a guessed mapping. */
export async function readLeadCsvHeaders(
  ctx: AppContext,
  userId: string,
  campaignId: string,
  csv: string,
): Promise<CsvHeaders> {
  await findOwnCampaign(ctx.db, userId, campaignId);
  let headers: string[];
  try {
    headers = readCsvHeaders(csv);
  } catch (error) {
    // csv-parse's own errors say which line and why; they are the user's file, not our fault.
    throw new AppError('validation_failed', error instanceof Error ? error.message : String(error), {
      reason: 'csv_unreadable',
    });
  }
  if (headers.length === 0) {
    throw new AppError('validation_failed', 'The file is empty.', { reason: 'file_empty' });
  }
  return { headers, suggestedMapping: guessLeadMapping(headers) };
}

/**
 * Imports a CSV of leads (source csv_upload): good rows are added, people the campaign already
 * has are counted as duplicates, and bad rows come back with their line and reason. A file that
 * cannot be read as a whole stores nothing.
 */
export async function importLeadsCsv(
  ctx: AppContext,
  userId: string,
  campaignId: string,
  input: ImportLeadsCsvInput,
): Promise<LeadImportReport> {
  const { csv, mapping } = importLeadsCsvInputSchema.parse(input);
  const now = ctx.clock.now();
  const report = await ctx.db.transaction(async (tx) => {
    const campaign = await findOwnCampaign(tx, userId, campaignId, { forUpdate: true });
    assertOpen(campaign, 'importing leads');
    let parsed: ReturnType<typeof parseLeadCsv>;
    try {
      parsed = parseLeadCsv(csv, mapping);
    } catch (error) {
      formatFailure(error);
    }
    const result = await insertLeads(tx, {
      userId,
      campaignId,
      source: 'csv_upload',
      rows: parsed.rows,
      now,
      scoring: campaign.stageConfigs,
    });
    return { imported: result.inserted, duplicates: result.duplicates, rejected: parsed.rejected };
  });
  return report;
}
