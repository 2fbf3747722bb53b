import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';
import { htmlToBlockText } from './read-html';

/*
 * The CPU-heavy steps of processing a document, run in a worker thread (lib/thread-pool.ts,
 * through extract-text.ts): reading a 100-page PDF takes seconds and analysing a long text a
 * good part of one, which on the event loop would stall every request meanwhile. Each thread
 * loads this module: keep its imports to what these steps use.
 *
 * Both readers keep the structure passages are cut by (text-analysis.ts): a heading is a line
 * starting with "# ", a table a block of rows with cells apart by " | ".
 */

/** What this file reads of a pdf.js text item (getTextContent). */
interface PdfTextItem {
  str: string;
  /** [scaleX, skewY, skewX, scaleY, x, y] of the text's start, in points. */
  transform: number[];
  width: number;
  hasEOL: boolean;
}

/** A stretch of a line's text; a line's runs are apart by a gap as wide as a table's columns. */
interface TextRun {
  text: string;
  start: number;
  end: number;
}

interface TextLine {
  runs: TextRun[];
  y: number;
  /** The font size of its characters, on average. */
  size: number;
  characters: number;
}

/** Items this far apart (in font sizes) are in different cells; a word space is about 0.25. */
const CELL_GAP = 1.2;
/** A gap this wide (in font sizes) between two items of a line is a word break. */
const WORD_GAP = 0.15;
/** A baseline moved by more than this (in font sizes) is a new line, not a superscript. */
const NEW_LINE_SHIFT = 0.5;
/** A heading's font is at least this much larger than the body text's. */
const HEADING_SCALE = 1.15;
const HEADING_MAX_CHARACTERS = 120;
const TABLE_MIN_ROWS = 2;

const isTextItem = <Item extends object>(item: Item): item is Item & PdfTextItem => 'str' in item;

function addItem(line: TextLine, text: string, start: number, end: number, size: number): void {
  const last = line.runs.at(-1);
  const gap = last ? start - last.end : 0;
  if (!last || gap > CELL_GAP * size) {
    line.runs.push({ text, start, end });
  } else {
    const space = gap > WORD_GAP * size && !/\s$/.test(last.text) && !/^\s/.test(text) ? ' ' : '';
    last.text += space + text;
    last.end = Math.max(last.end, end);
  }
  const characters = text.trim().length;
  line.size = (line.size * line.characters + size * characters) / (line.characters + characters || 1);
  line.characters += characters;
}

/** A page's lines in the order its text is drawn (so a column is read to its end first). */
function pageLines(items: PdfTextItem[]): TextLine[] {
  const lines: TextLine[] = [];
  let current: TextLine | undefined;
  for (const item of items) {
    const [, , skewX = 0, scaleY = 0, x = 0, y = 0] = item.transform;
    const size = Math.hypot(skewX, scaleY) || 1;
    // pdf.js writes the spaces between a table's columns as blank items: the gap shows anyway.
    if (item.str.trim()) {
      if (!current || Math.abs(y - current.y) > NEW_LINE_SHIFT * size) {
        current = { runs: [], y, size, characters: 0 };
        lines.push(current);
      }
      addItem(current, item.str, x, x + item.width, size);
    }
    if (item.hasEOL) current = undefined;
  }
  return lines;
}

/** The size most of the document's characters are written in. */
function bodySize(pages: TextLine[][]): number {
  const characters = new Map<number, number>();
  for (const line of pages.flat()) {
    const size = Math.round(line.size * 2) / 2;
    characters.set(size, (characters.get(size) ?? 0) + line.characters);
  }
  return [...characters].reduce((best, entry) => (entry[1] > best[1] ? entry : best), [0, 0])[0];
}

const lineText = (line: TextLine) => line.runs.map((run) => run.text.trim()).join(' ');

/** Short, one stretch of text, clearly larger than the body, not ending like a sentence. */
function isHeading(line: TextLine, body: number): boolean {
  const text = lineText(line);
  return (
    body > 0 &&
    line.runs.length === 1 &&
    line.size >= body * HEADING_SCALE &&
    text.length <= HEADING_MAX_CHARACTERS &&
    /\p{L}.*\p{L}/u.test(text) &&
    !/[.,;!…]$/.test(text)
  );
}

const gapsOf = (line: TextLine) =>
  line.runs.slice(1).map((run, index) => ({ from: line.runs[index]!.end, to: run.start }));

/** Rows of one table: every gap of the row with fewer cells lies across a gap of the other. */
function alignedRows(one: TextLine, other: TextLine): boolean {
  const [fewer, more] = one.runs.length <= other.runs.length ? [one, other] : [other, one];
  const moreGaps = gapsOf(more);
  return gapsOf(fewer).every((gap) => moreGaps.some((wide) => gap.from < wide.to && wide.from < gap.to));
}

/** How many lines from `start` on make a table: rows of several cells in aligned columns. */
function tableLength(lines: TextLine[], start: number): number {
  let end = start;
  while (
    end < lines.length &&
    lines[end]!.runs.length >= 2 &&
    (end === start || alignedRows(lines[end - 1]!, lines[end]!))
  ) {
    end += 1;
  }
  return end - start >= TABLE_MIN_ROWS ? end - start : 0;
}

const tableRow = (line: TextLine) => line.runs.map((run) => run.text.trim()).join(' | ');

/** A page's text: headings and tables as blocks of their own, prose lines as they are. */
function pageText(lines: TextLine[], body: number): string {
  const blocks: string[] = [];
  let heading: { text: string; size: number } | undefined;
  let prose: string[] = [];
  const endBlocks = () => {
    if (heading) blocks.push(`# ${heading.text}`);
    if (prose.length > 0) blocks.push(prose.join('\n'));
    heading = undefined;
    prose = [];
  };
  for (let index = 0; index < lines.length;) {
    const line = lines[index]!;
    const rows = tableLength(lines, index);
    if (rows > 0) {
      endBlocks();
      blocks.push(
        lines
          .slice(index, index + rows)
          .map(tableRow)
          .join('\n'),
      );
      index += rows;
      continue;
    }
    if (!isHeading(line, body)) {
      prose.push(lineText(line));
    } else if (heading && prose.length === 0 && Math.abs(heading.size - line.size) < 0.5) {
      // A heading wrapped onto the next line is one heading.
      heading.text += ` ${lineText(line)}`;
    } else {
      endBlocks();
      heading = { text: lineText(line), size: line.size };
    }
    index += 1;
  }
  endBlocks();
  return blocks.join('\n\n');
}

/** The text of each page of a PDF, with its headings and tables marked. */
export async function readPdfPages(bytes: Uint8Array): Promise<string[]> {
  // verbosity 0: pdf.js would print its repair warnings to the server log.
  const pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  try {
    const pages: TextLine[][] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const { items } = await page.getTextContent();
      pages.push(pageLines(items.filter(isTextItem)));
      page.cleanup();
    }
    // The body size is the whole document's: a title page has no body text of its own.
    const body = bodySize(pages);
    return pages.map((lines) => pageText(lines, body));
  } finally {
    await pdf.destroy();
  }
}

/**
 * The text of a Word document, its headings (Heading 1–6 and Title styles) and tables kept: read
 * as HTML, which mammoth writes with h1–h6 and table elements for them.
 */
export async function readDocxText(bytes: Uint8Array): Promise<string> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { value } = await mammoth.convertToHtml(
    { buffer },
    {
      styleMap: ["p[style-name='Title'] => h1:fresh"],
      // Images are not text: mammoth would otherwise write each into the HTML in base64.
      convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
    },
  );
  return htmlToBlockText(value);
}

export { analyseText, topicsAndSummary } from './text-analysis';
export { readHtml } from './read-html';
