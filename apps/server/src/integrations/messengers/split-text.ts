import { safeCutIndex } from '../../lib/text';

/**
 * Cuts a text into pieces a platform accepts (Telegram and WhatsApp: 4096 characters), at a
 * line break or a space when one is in the second half of the piece, never inside a surrogate
 * pair. Joined again, the pieces give the text back; pieces of nothing but whitespace, which
 * the platforms refuse as empty, are dropped (there is always one left).
 */
export function splitMessageText(text: string, limit: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > limit) {
    const window = rest.slice(0, limit);
    const floor = Math.floor(limit / 2);
    let cut = window.lastIndexOf('\n') + 1;
    if (cut <= floor) cut = Math.max(window.lastIndexOf(' '), window.lastIndexOf('\t')) + 1;
    if (cut <= floor) cut = safeCutIndex(rest, limit);
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  pieces.push(rest);
  const visible = pieces.filter((piece) => piece.trim());
  return visible.length > 0 ? visible : [text];
}
