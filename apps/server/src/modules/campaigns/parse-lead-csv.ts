import { LEAD_CSV_MAX_ROWS, type CsvRejectedRow, type LeadCsvField } from '@doppel/contracts';
import { z } from 'zod';
import { fieldReader, guessColumns, readCsvTable } from '../../lib/csv-table';
import { cutText } from '../../lib/text';

const cutOrNull = (text: string | null | undefined, max: number) =>
  text == null ? null : cutText(text, max);

export { CsvFormatError, readCsvHeaders } from '../../lib/csv-table';

/** One lead as read from a file or a provider, before it is stored. */
export interface LeadRow {
  name: string;
  company: string | null;
  position: string | null;
  email: string | null;
  phone: string | null;
  linkedinUrl: string | null;
  language: string | null;
  /** The source's own id, when it has one (de-duplication across runs). */
  externalId?: string | null;
}

export interface ParsedLeadCsv {
  headers: string[];
  rows: LeadRow[];
  rejected: CsvRejectedRow[];
}

export type LeadCsvMapping = Partial<Record<LeadCsvField, string>> & { name: string };

/** Header spellings each field is recognised by when no mapping is given (Google Sheets). */
const HEADER_ALIASES: Record<LeadCsvField, string[]> = {
  name: ['name', 'full name', 'fullname', 'contact', 'contact name', 'person'],
  company: ['company', 'organization', 'organisation', 'company name', 'org'],
  position: ['position', 'title', 'job title', 'role'],
  email: ['email', 'e-mail', 'email address', 'mail'],
  phone: ['phone', 'phone number', 'mobile', 'telephone'],
  linkedinUrl: ['linkedin', 'linkedin url', 'linkedin profile', 'linkedinurl'],
  language: ['language', 'lang', 'locale'],
};

/** Maps the headers a file has to lead fields by their usual names; null without a name column. */
export function guessLeadMapping(headers: readonly string[]): LeadCsvMapping | null {
  const mapping = guessColumns(headers, HEADER_ALIASES);
  return mapping.name ? { ...mapping, name: mapping.name } : null;
}

const emailSchema = z.email();

/**
 * Parses a CSV of leads with a header line. Each row is checked on its own; a bad row is
 * reported with its line and reason and the rest still import.
 */
export function parseLeadCsv(csv: string, mapping: LeadCsvMapping): ParsedLeadCsv {
  const { headers, rows: entries } = readCsvTable(csv, LEAD_CSV_MAX_ROWS);
  const readField = fieldReader<LeadCsvField>(headers, mapping);
  const rows: LeadRow[] = [];
  const rejected: CsvRejectedRow[] = [];
  for (const { cells, line } of entries) {
    const read = (field: LeadCsvField) => readField(cells, field);
    const name = read('name');
    if (!name) {
      rejected.push({ row: line, reason: 'Name is empty.', problem: 'empty', field: 'name' });
      continue;
    }
    if (name.length > 200) {
      rejected.push({
        row: line,
        reason: 'Name is longer than 200 characters.',
        problem: 'too_long',
        field: 'name',
      });
      continue;
    }
    const email = read('email');
    if (email && !emailSchema.safeParse(email).success) {
      const value = cutText(email, 100);
      rejected.push({
        row: line,
        reason: `"${value}" is not an email address.`,
        problem: 'not_email',
        field: 'email',
        value,
      });
      continue;
    }
    rows.push({
      name,
      company: cutOrNull(read('company'), 200),
      position: cutOrNull(read('position'), 200),
      email: email?.toLowerCase() ?? null,
      phone: cutOrNull(read('phone'), 50),
      linkedinUrl: cutOrNull(read('linkedinUrl'), 500),
      language: cutOrNull(read('language'), 10)?.toLowerCase() ?? null,
    });
  }
  return { headers, rows, rejected };
}
