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

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The end of a cut at `index` or just before it, so that no surrogate pair is split. */
export function safeCutIndex(text: string, index: number): number {
  if (index <= 0 || index >= text.length) return Math.max(0, Math.min(index, text.length));
  return isHighSurrogate(text.charCodeAt(index - 1)) && isLowSurrogate(text.charCodeAt(index))
    ? index - 1
    : index;
}

/** At most `max` UTF-16 units of `text` (the unit zod's `.max()` counts), never half an emoji. */
export function cutText(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, safeCutIndex(text, max));
}

/** `text` if it fits in `max` units; else cut to fit with "…" at the end. */
export function shortenText(text: string, max: number): string {
  return text.length <= max ? text : `${cutText(text, max - 1).trimEnd()}…`;
}

/**
 * A stream's text pieces (a model's deltas) made storable one by one. A piece that ends in the
 * first half of a surrogate pair keeps that half for the next piece, so an emoji split between
 * two pieces stays whole; `end` gives what is still held, made storable.
 */
export function storableTextPieces(): { next(piece: string): string; end(): string } {
  let held = '';
  return {
    next(piece) {
      const text = held + piece;
      const cut =
        text.length > 0 && isHighSurrogate(text.charCodeAt(text.length - 1)) ? text.length - 1 : text.length;
      held = text.slice(cut);
      return storableText(text.slice(0, cut));
    },
    end() {
      const rest = storableText(held);
      held = '';
      return rest;
    },
  };
}
