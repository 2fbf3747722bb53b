import { parse } from 'csv-parse/sync';
import { LEAD_CSV_MAX_ROWS, leadCsvFields, type LeadCsvField } from '@doppel/contracts';
import { z } from 'zod';

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

export interface RejectedRow {
  /** 1-based line in the file, counting the header as line 1. */
  row: number;
  reason: string;
}

export interface ParsedLeadCsv {
  headers: string[];
  rows: LeadRow[];
  rejected: RejectedRow[];
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
  const mapping: Partial<Record<LeadCsvField, string>> = {};
  for (const field of leadCsvFields) {
    const header = headers.find((candidate) =>
      HEADER_ALIASES[field].includes(candidate.trim().toLowerCase()),
    );
    if (header !== undefined) mapping[field] = header;
  }
  return mapping.name ? (mapping as LeadCsvMapping) : null;
}

/** Reads just the header line, for the column-mapping step of the import dialog. */
export function readCsvHeaders(csv: string): string[] {
  const [first] = parse(csv, {
    to_line: 1,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
  });
  return (first ?? []).map((header) => header.trim());
}

const emailSchema = z.email();

/**
 * Parses a CSV of leads with a header line. Each row is checked on its own; a bad row is
 * reported with its line and reason and the rest still import.
 */
export function parseLeadCsv(csv: string, mapping: LeadCsvMapping): ParsedLeadCsv {
  // With `info`, each record carries the file line it ended on, so a bad row is reported at
  // its real line even after blank lines or quoted cells that span lines.
  let parsed: Array<{ record: string[]; info: { lines: number } }>;
  try {
    parsed = parse(csv, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as typeof parsed;
  } catch (error) {
    throw new CsvFormatError(error instanceof Error ? error.message : String(error));
  }
  const [headerEntry, ...dataEntries] = parsed;
  if (!headerEntry) throw new CsvFormatError('The file is empty.');
  const headers = headerEntry.record.map((header) => header.trim());
  const columnOf: Partial<Record<LeadCsvField, number>> = {};
  for (const field of leadCsvFields) {
    const header = mapping[field];
    if (header === undefined || header === '') continue;
    const column = headers.indexOf(header);
    if (column === -1) throw new CsvFormatError(`The file has no column "${header}".`);
    columnOf[field] = column;
  }
  if (dataEntries.length > LEAD_CSV_MAX_ROWS)
    throw new CsvFormatError(`The file has more than ${LEAD_CSV_MAX_ROWS} rows.`);
  const rows: LeadRow[] = [];
  const rejected: RejectedRow[] = [];
  dataEntries.forEach(({ record, info }) => {
    const line = info.lines;
    const read = (field: LeadCsvField): string | null => {
      const column = columnOf[field];
      const value = column === undefined ? '' : (record[column] ?? '').trim();
      return value === '' ? null : value;
    };
    const name = read('name');
    if (!name) return rejected.push({ row: line, reason: 'Name is empty.' });
    if (name.length > 200) return rejected.push({ row: line, reason: 'Name is longer than 200 characters.' });
    const email = read('email');
    if (email && !emailSchema.safeParse(email).success)
      return rejected.push({ row: line, reason: `"${email.slice(0, 100)}" is not an email address.` });
    rows.push({
      name,
      company: read('company')?.slice(0, 200) ?? null,
      position: read('position')?.slice(0, 200) ?? null,
      email: email?.toLowerCase() ?? null,
      phone: read('phone')?.slice(0, 50) ?? null,
      linkedinUrl: read('linkedinUrl')?.slice(0, 500) ?? null,
      language: read('language')?.slice(0, 10).toLowerCase() ?? null,
    });
  });
  return { headers, rows, rejected };
}

/** The file as a whole could not be read as CSV (unbalanced quotes, missing column). */
export class CsvFormatError extends Error {}
