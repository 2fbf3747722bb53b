/** A piece of a search snippet: plain text, or a word the search matched. */
export interface SnippetPart {
  text: string;
  match: boolean;
}

/**
 * Splits a search snippet, whose matched words the server puts between [[ and ]], into parts to
 * render as text and <mark>. An unclosed [[ is shown as it is.
 */
export function parseSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (text: string, match: boolean) => {
    if (!text) return;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += text;
    else parts.push({ text, match });
  };
  let rest = snippet;
  for (;;) {
    const open = rest.indexOf('[[');
    const close = open < 0 ? -1 : rest.indexOf(']]', open + 2);
    if (open < 0 || close < 0) {
      push(rest, false);
      return parts;
    }
    push(rest.slice(0, open), false);
    push(rest.slice(open + 2, close), true);
    rest = rest.slice(close + 2);
  }
}
