/*
 * Cursors of keyset ("seek") pagination: the sort key of the last row a page showed, so the next
 * page starts right after it with an index seek instead of counting past every earlier row
 * (OFFSET), and costs the same at any depth. Opaque to clients: base64url of a JSON array of
 * strings. A cursor that does not decode into the expected number of strings is null, which
 * the caller answers as bad input.
 */

export function encodeCursor(key: readonly string[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor(cursor: string, parts: number): string[] | null {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(key) || key.length !== parts) return null;
    return key.every((part) => typeof part === 'string') ? key : null;
  } catch {
    return null;
  }
}
