import { parse } from 'csv-parse/sync';
import {
  JOB_CHANGE_CSV_MAX_ROWS,
  jobChangeCsvFields,
  jobChangeInputSchema,
  type JobChangeCsvField,
  type JobChangeInput,
} from '@doppel/contracts';

/*
 * LinkedIn has no open API for job changes, so they come as a CSV (an export, a spreadsheet):
 * name, old company, new company, title, date. Each row is checked on its own; a bad row is
 * reported with its real line in the file and the rest still import.
 */

export interface RejectedRow {
  /** 1-based line in the file, counting the header as line 1. */
  row: number;
  reason: string;
}

export interface ParsedJobChanges {
  rows: Array<{ line: number; input: JobChangeInput }>;
  rejected: RejectedRow[];
}

export type JobChangeMapping = Partial<Record<JobChangeCsvField, string>>;

/** The file as a whole could not be read (unbalanced quotes, no header, a missing column). */
export class JobChangeCsvError extends Error {}

/** Header spellings each field is recognised by when no mapping is given. */
const HEADER_ALIASES: Record<JobChangeCsvField, string[]> = {
  name: ['name', 'full name', 'fullname', 'person', 'contact'],
  oldCompany: ['old company', 'previous company', 'from company', 'from', 'old_company', 'oldcompany'],
  newCompany: ['new company', 'company', 'to company', 'to', 'new_company', 'newcompany', 'current company'],
  title: ['title', 'new title', 'job title', 'position', 'role'],
  date: ['date', 'start date', 'changed on', 'started', 'start'],
};

function guessMapping(headers: readonly string[]): JobChangeMapping {
  const mapping: JobChangeMapping = {};
  for (const field of jobChangeCsvFields) {
    const header = headers.find((candidate) =>
      HEADER_ALIASES[field].includes(candidate.trim().toLowerCase()),
    );
    if (header !== undefined) mapping[field] = header;
  }
  return mapping;
}

/** Dates as people type them: 2025-03-01, 2025/03/01 or 01.03.2025 (day first). */
function readDate(value: string): string | null {
  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(value);
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : dotted ? [dotted[3], dotted[2], dotted[1]] : [];
  if (!year || !month || !day) return null;
  const text = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text ? text : null;
}

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  newCompany: 'New company',
  oldCompany: 'Old company',
  title: 'Title',
  date: 'Date',
};

export function parseJobChangeCsv(csv: string, mapping?: JobChangeMapping): ParsedJobChanges {
  let parsed: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // With `info`, each record carries the line it ended on: a bad row is reported at its real
    // line even after blank lines or quoted cells that span lines.
    parsed = parse(csv, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as typeof parsed;
  } catch (error) {
    throw new JobChangeCsvError(
      `The file could not be read as CSV: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const [headerEntry, ...dataEntries] = parsed;
  if (!headerEntry) throw new JobChangeCsvError('The file is empty.');
  const headers = headerEntry.record.map((header) => header.trim());
  const chosen = mapping ?? guessMapping(headers);
  if (!chosen.name || !chosen.newCompany) {
    throw new JobChangeCsvError('The file needs a name column and a new company column.');
  }
  const columnOf: Partial<Record<JobChangeCsvField, number>> = {};
  for (const field of jobChangeCsvFields) {
    const header = chosen[field];
    if (header === undefined || header === '') continue;
    const column = headers.indexOf(header);
    if (column === -1) throw new JobChangeCsvError(`The file has no column "${header}".`);
    columnOf[field] = column;
  }
  if (dataEntries.length > JOB_CHANGE_CSV_MAX_ROWS)
    throw new JobChangeCsvError(`The file has more than ${JOB_CHANGE_CSV_MAX_ROWS} rows.`);

  const rows: ParsedJobChanges['rows'] = [];
  const rejected: RejectedRow[] = [];
  for (const { record, info } of dataEntries) {
    const line = info.lines;
    const read = (field: JobChangeCsvField): string | null => {
      const column = columnOf[field];
      const value = column === undefined ? '' : (record[column] ?? '').trim();
      return value === '' ? null : value;
    };
    const rawDate = read('date');
    const date = rawDate ? readDate(rawDate) : null;
    if (rawDate && !date) {
      rejected.push({ row: line, reason: `"${rawDate.slice(0, 50)}" is not a date (use YYYY-MM-DD).` });
      continue;
    }
    const checked = jobChangeInputSchema.safeParse({
      name: read('name') ?? '',
      oldCompany: read('oldCompany'),
      newCompany: read('newCompany') ?? '',
      title: read('title'),
      date,
    });
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const field = String(issue.path[0] ?? '');
      const label = FIELD_LABELS[field] ?? field;
      const reason =
        issue.code === 'too_small'
          ? `${label} is empty.`
          : issue.code === 'too_big'
            ? `${label} is too long.`
            : `${label} is not valid.`;
      rejected.push({ row: line, reason });
      continue;
    }
    rows.push({ line, input: checked.data });
  }
  return { rows, rejected };
}
