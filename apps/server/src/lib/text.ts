/*
 * Text that PostgreSQL can store. Two things a JavaScript string may hold have no place in a
 * text or json column: the NUL character (text refuses it outright, json refuses its \u0000
 * escape) and a UTF-16 surrogate without its other half (json refuses the escape; text gets it
 * silently replaced, or the query fails, depending on the driver). Client input carrying either
 * is refused at the HTTP edge (plugins/refuse-hostile-text.ts); text from the outside world is
 * made storable with `storableText`; and the server's own cuts use `cutText`, which never splits
 * a surrogate pair (docs/decisions/028).
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** A NUL, or a surrogate that is not one half of a pair. */
const UNSTORABLE = new RegExp(`\\0|${LONE_SURROGATE.source}`);

/** Whether the text holds a character no database column can store. */
export function hasUnstorableText(text: string): boolean {
  return UNSTORABLE.test(text);
}

/**
 * Text from outside (a file, a web page, a feed, a messenger platform) as it can be stored:
 * without NUL characters, and with an unpaired surrogate as U+FFFD. Refusing such text would
 * lose a message or a document the user did not write.
 */
export function storableText(text: string): string {
  return hasUnstorableText(text) ? text.replaceAll('\0', '').replace(LONE_SURROGATE, '\uFFFD') : text;
}

/** The end of a cut at `index` or just before it, so that no surrogate pair is split. */
export function safeCutIndex(text: string, index: number): number {
  if (index <= 0 || index >= text.length) return Math.max(0, Math.min(index, text.length));
  const before = text.charCodeAt(index - 1);
  const after = text.charCodeAt(index);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff ? index - 1 : index;
}

/** At most `max` UTF-16 units of `text` (the unit zod's `.max()` counts), never half an emoji. */
export function cutText(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, safeCutIndex(text, max));
}

/** `text` if it fits in `max` units; else cut to fit with "…" at the end. */
export function shortenText(text: string, max: number): string {
  return text.length <= max ? text : `${cutText(text, max - 1).trimEnd()}…`;
}
