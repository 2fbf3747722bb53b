import {
  JOB_CHANGE_CSV_MAX_ROWS,
  jobChangeInputSchema,
  type CsvRejectedRow,
  type JobChangeCsvField,
  type JobChangeInput,
} from '@doppel/contracts';
import { CsvFormatError, fieldReader, guessColumns, readCsvTable } from '../../lib/csv-table';
import { cutText } from '../../lib/text';

/*
 * LinkedIn has no open API for job changes, so they come as a CSV (an export, a spreadsheet):
 * name, old company, new company, title, date. Each row is checked on its own; a bad row is
 * reported with its real line in the file and the rest still import.
 */

export interface ParsedJobChanges {
  rows: Array<{ line: number; input: JobChangeInput }>;
  rejected: CsvRejectedRow[];
}

export type JobChangeMapping = Partial<Record<JobChangeCsvField, string>>;

/** The file as a whole could not be read (unbalanced quotes, no header, a missing column). */
export { CsvFormatError as JobChangeCsvError };

/** Header spellings each field is recognised by when no mapping is given. */
const HEADER_ALIASES: Record<JobChangeCsvField, string[]> = {
  name: ['name', 'full name', 'fullname', 'person', 'contact'],
  oldCompany: ['old company', 'previous company', 'from company', 'from', 'old_company', 'oldcompany'],
  newCompany: ['new company', 'company', 'to company', 'to', 'new_company', 'newcompany', 'current company'],
  title: ['title', 'new title', 'job title', 'position', 'role'],
  date: ['date', 'start date', 'changed on', 'started', 'start'],
};

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
  const { headers, rows: entries } = readCsvTable(csv, JOB_CHANGE_CSV_MAX_ROWS);
  const chosen = mapping ?? guessColumns(headers, HEADER_ALIASES);
  if (!chosen.name || !chosen.newCompany) {
    throw new CsvFormatError(
      'csv_job_change_columns_missing',
      'The file needs a name column and a new company column.',
    );
  }
  const readField = fieldReader<JobChangeCsvField>(headers, chosen);

  const rows: ParsedJobChanges['rows'] = [];
  const rejected: CsvRejectedRow[] = [];
  for (const { cells, line } of entries) {
    const read = (field: JobChangeCsvField) => readField(cells, field);
    const rawDate = read('date');
    const date = rawDate ? readDate(rawDate) : null;
    if (rawDate && !date) {
      const value = cutText(rawDate, 50);
      rejected.push({
        row: line,
        reason: `"${value}" is not a date (use YYYY-MM-DD).`,
        problem: 'not_date',
        field: 'date',
        value,
      });
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
      const problem =
        issue.code === 'too_small' ? 'empty' : issue.code === 'too_big' ? 'too_long' : 'invalid';
      const reason = {
        empty: `${label} is empty.`,
        too_long: `${label} is too long.`,
        invalid: `${label} is not valid.`,
      }[problem];
      rejected.push({ row: line, reason, problem, field });
      continue;
    }
    rows.push({ line, input: checked.data });
  }
  return { rows, rejected };
}
