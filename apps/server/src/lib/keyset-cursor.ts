/*
 * Cursors of keyset ("seek") pagination: the sort key of the last row a page showed, so the next
 * page starts right after it with an index seek instead of counting past every earlier row
 * (OFFSET), and costs the same at any depth (docs/decisions/055-keyset-lists.md). Opaque to
 * clients: base64url of a JSON array of strings.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { AppError } from './app-error';

export function encodeCursor(key: readonly string[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The cursor's strings, or null when it does not decode into `parts` of them. */
export function decodeCursor(cursor: string, parts: number): string[] | null {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(key) || key.length !== parts) return null;
    return key.every((part) => typeof part === 'string') ? key : null;
  } catch {
    return null;
  }
}

/** A 400 that every keyset list answers to a cursor it did not give out. */
export function invalidCursor(): AppError {
  return new AppError(
    'validation_failed',
    'The cursor is not one this list gave out; start from the first page.',
    {
      reason: 'list_cursor_invalid',
      fields: { cursor: 'cursorInvalid' },
    },
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What exactTimestamp writes: UTC with all six digits of the database's microseconds. */
const EXACT_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The key of a newest-first list: the row's exact creation time and its id. */
export interface CreatedKey {
  createdAt: string;
  id: string;
}

/**
 * The (created at, id) key a cursor names, null without a cursor, or the 400 for one that is
 * not ours — checked here, so a forged cursor never reaches the database as a bad timestamp.
 */
export function readCreatedCursor(cursor: string | undefined): CreatedKey | null {
  if (cursor === undefined) return null;
  const key = decodeCursor(cursor, 2);
  if (!key || !EXACT_TIMESTAMP.test(key[0]!) || Number.isNaN(Date.parse(key[0]!)) || !UUID.test(key[1]!)) {
    throw invalidCursor();
  }
  return { createdAt: key[0]!, id: key[1]! };
}

/**
 * A timestamp column as text with its microseconds: a JavaScript Date keeps milliseconds only,
 * and a cursor rounded to them would skip or repeat rows created in the same millisecond.
 */
export function exactTimestamp(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * Rows after the cursor in a newest-first list ordered by (created at desc, id desc). One row
 * comparison, which the database reads as a seek on an index ending in (created_at, id).
 */
export function createdBefore(
  createdAt: AnyColumn,
  id: AnyColumn,
  after: CreatedKey | null,
): SQL | undefined {
  if (!after) return undefined;
  return sql`(${createdAt}, ${id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`;
}

/**
 * A page out of `limit + 1` fetched rows: the extra row only says there is more, and the cursor
 * names the last row shown.
 */
export function keysetPage<Row>(
  rows: Row[],
  limit: number,
  keyOf: (row: Row) => readonly string[],
): { rows: Row[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const shown = rows.slice(0, limit);
  return { rows: shown, nextCursor: encodeCursor(keyOf(shown.at(-1)!)) };
}
