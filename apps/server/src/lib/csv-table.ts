import type { ErrorReason } from '@doppel/contracts';
import { parse } from 'csv-parse/sync';

/*
 * Reading a CSV file a user uploaded (campaign leads, job changes): a header line, then rows
 * that are each checked on their own by the caller. Every row keeps the file line it ended on,
 * so a bad row is reported at its real line even after blank lines or quoted cells that span
 * lines.
 */

/** Why a file as a whole is refused: the error's reason, which the web app words. */
export type CsvProblem = Extract<
  ErrorReason,
  | 'csv_unreadable'
  | 'file_empty'
  | 'csv_too_many_rows'
  | 'csv_column_missing'
  | 'csv_job_change_columns_missing'
>;

/**
 * The file as a whole could not be read (unbalanced quotes, nothing in it, a missing column):
 * the English message for API clients, the reason for the web app.
 */
export class CsvFormatError extends Error {
  constructor(
    readonly reason: CsvProblem,
    message: string,
  ) {
    super(message);
  }
}

export interface CsvTable {
  /** The header line's cells, trimmed. */
  headers: string[];
  /** Each data row's cells and the 1-based file line it ended on (the header is line 1). */
  rows: Array<{ cells: string[]; line: number }>;
}

export function readCsvTable(csv: string, maxRows: number): CsvTable {
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
    throw new CsvFormatError(
      'csv_unreadable',
      `The file could not be read as CSV: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const [header, ...data] = parsed;
  if (!header) throw new CsvFormatError('file_empty', 'The file is empty.');
  if (data.length > maxRows)
    throw new CsvFormatError('csv_too_many_rows', `The file has more than ${maxRows} rows.`);
  return {
    headers: header.record.map((cell) => cell.trim()),
    rows: data.map(({ record, info }) => ({ cells: record, line: info.lines })),
  };
}

/** Just the header line, for a column-mapping step. */
export function readCsvHeaders(csv: string): string[] {
  const rows: string[][] = parse(csv, {
    to_line: 1,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
  });
  const [first] = rows;
  return (first ?? []).map((header) => header.trim());
}

/** Field → header, from the usual spellings of each field (any case). */
export function guessColumns<F extends string>(
  headers: readonly string[],
  aliases: Record<F, readonly string[]>,
): Partial<Record<F, string>> {
  const mapping: Partial<Record<F, string>> = {};
  for (const field of Object.keys(aliases) as F[]) {
    const header = headers.find((candidate) => aliases[field].includes(candidate.trim().toLowerCase()));
    if (header !== undefined) mapping[field] = header;
  }
  return mapping;
}

/**
 * A reader of one row's mapped fields: the trimmed cell, or null when empty or unmapped.
 * Refuses a mapping that names a column the file does not have.
 */
export function fieldReader<F extends string>(
  headers: readonly string[],
  mapping: Partial<Record<F, string>>,
): (cells: readonly string[], field: F) => string | null {
  const columnOf = new Map<F, number>();
  for (const [field, header] of Object.entries(mapping) as Array<[F, string | undefined]>) {
    if (header === undefined || header === '') continue;
    const column = headers.indexOf(header);
    if (column === -1) throw new CsvFormatError('csv_column_missing', `The file has no column "${header}".`);
    columnOf.set(field, column);
  }
  return (cells, field) => {
    const column = columnOf.get(field);
    const value = column === undefined ? '' : (cells[column] ?? '').trim();
    return value === '' ? null : value;
  };
}
