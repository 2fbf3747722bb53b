import type { LinkPreview } from '@doppel/contracts';
import { isProbablyReaderable, Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { cutText } from '../../lib/text';

/*
 * Web pages (and the HTML mammoth makes of a Word document) read as the knowledge base's text:
 * paragraphs apart by a blank line, headings as "# " lines, list items as "• " lines, a data
 * table as a block of rows with its cells apart by " | " (the structure text-analysis.ts reads).
 */

/** What this file reads of linkedom's DOM: the server compiles without the DOM's own types. */
interface DomNode {
  readonly nodeType: number;
  readonly textContent: string | null;
  readonly childNodes: ArrayLike<DomNode>;
}

interface DomElement extends DomNode {
  readonly localName: string;
  readonly children: ArrayLike<DomElement>;
  getAttribute(name: string): string | null;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement> & Iterable<DomElement>;
  remove(): void;
}

interface DomDocument {
  readonly documentElement: DomElement | null;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement> & Iterable<DomElement>;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** Elements that are never the page's own words. */
const NOISE = 'script, style, noscript, template, svg, iframe, nav, header, footer, aside, form, button';
/** Elements whose content is never text to read, wherever they are. */
const SKIPPED = new Set(
  'head title script style noscript template svg iframe canvas object select'.split(' '),
);
const BLOCKS = new Set(
  (
    'address article aside blockquote body caption center dd details dialog div dl dt fieldset ' +
    'figcaption figure footer form header hgroup hr html li main nav ol p section summary table ' +
    'tbody td tfoot th thead tr ul'
  ).split(' '),
);
const HEADING = /^h([1-6])$/;
const LIST_MARKER = '• ';

/**
 * Readability reads a page of at most this many elements (an article page has a few thousand;
 * at this many it takes well under a second); a bigger one is read by mainText, in one walk.
 * Readability's own maxElemsToParse cannot do this: it counts with getElementsByTagName('*'),
 * which finds nothing in linkedom. With the fetch's cap on a page's bytes (PAGE_MAX_BYTES in
 * integrations/web/fetch-page.ts), this bounds the time and memory a page takes here.
 */
const READABILITY_MAX_ELEMENTS = 15_000;

export interface ReadPage extends Omit<LinkPreview, 'url'> {
  /** The readable text: the article (or main content, else body) with block breaks kept. */
  text: string;
  language: string | null;
}

const collapse = (text: string) => text.replace(/[ \t\u00a0]+/g, ' ').trim();

/** linkedom's parser, typed by what this file reads of it. */
const parseWindow = parseHTML as (html: string) => { document: DomDocument };

/**
 * A document with an <html> root. linkedom makes a page's first element its root, so a page
 * without <html> (a fragment, or HTML5 that leaves the tag out) is read wrapped in one.
 */
function parseDocument(html: string): DomDocument {
  const { document } = parseWindow(html);
  return document.documentElement?.localName === 'html'
    ? document
    : parseWindow(`<html>${html}</html>`).document;
}

/** The body, or the whole page when it has none (linkedom's `body` would make an empty one). */
const bodyOf = (document: DomDocument) => document.querySelector('body') ?? document.documentElement;

function meta(document: DomDocument, ...names: string[]): string {
  for (const name of names) {
    const element =
      document.querySelector(`meta[property="${name}"]`) ?? document.querySelector(`meta[name="${name}"]`);
    const content = element?.getAttribute('content')?.trim();
    if (content) return content;
  }
  return '';
}

/** A table of data (rows of several cells), not one that lays a page out (tables inside it). */
function isDataTable(table: DomElement): boolean {
  if (table.querySelector('table')) return false;
  return [...table.querySelectorAll('tr')].some((row) => cellsOf(row).length >= 2);
}

function cellsOf(row: DomElement): DomElement[] {
  return Array.from(row.children).filter((cell) => cell.localName === 'td' || cell.localName === 'th');
}

function tableRows(table: DomElement): string[] {
  return [...table.querySelectorAll('tr')]
    .map((row) => cellsOf(row).map((cell) => blockText(cell).replace(/\s+/g, ' ')))
    .filter((cells) => cells.some(Boolean))
    .map((cells) => cells.join(' | ').trim());
}

/** Gathers an element's text line by line: '' in `lines` is a paragraph break. */
class BlockTextWriter {
  private readonly lines: string[] = [];
  private inline = '';
  private listDepth = 0;
  private itemMarker = '';

  text(data: string): void {
    this.inline += data.replace(/\s+/g, ' ');
  }

  /** Returns whether the element's children are to be read. */
  enter(element: DomElement): boolean {
    const tag = element.localName;
    if (SKIPPED.has(tag)) return false;
    if (tag === 'br') {
      this.inline += '\n';
      return false;
    }
    const heading = HEADING.exec(tag);
    if (heading) {
      const words = collapse(element.textContent ?? '');
      if (words) this.block([`${'#'.repeat(Number(heading[1]))} ${words}`]);
      return false;
    }
    if (tag === 'pre') {
      this.block((element.textContent ?? '').split('\n').map((line) => line.trimEnd()));
      return false;
    }
    if (tag === 'table' && isDataTable(element)) {
      const caption = element.querySelector('caption');
      if (caption) this.block([collapse(caption.textContent ?? '')]);
      this.block(tableRows(element));
      return false;
    }
    if (tag === 'ul' || tag === 'ol') {
      this.paragraphBreak();
      this.listDepth += 1;
    } else if (tag === 'li') {
      this.endLine();
      this.itemMarker = LIST_MARKER;
    } else if (BLOCKS.has(tag)) {
      this.paragraphBreak();
    }
    return true;
  }

  leave(element: DomElement): void {
    const tag = element.localName;
    if (tag === 'ul' || tag === 'ol') {
      this.endLine();
      this.listDepth -= 1;
      this.paragraphBreak();
    } else if (tag === 'li') {
      this.endLine();
    } else if (BLOCKS.has(tag)) {
      this.paragraphBreak();
    }
  }

  result(): string {
    this.paragraphBreak();
    return this.lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  }

  /** The inline text gathered so far as lines (the first with a list item's marker). */
  private endLine(): void {
    const lines = this.inline.split('\n').map(collapse).filter(Boolean);
    this.inline = '';
    if (lines.length === 0) return;
    lines[0] = this.itemMarker + lines[0];
    this.itemMarker = '';
    this.lines.push(...lines);
  }

  /** In a list, a block inside an item is a line of its own; elsewhere, a paragraph. */
  private paragraphBreak(): void {
    this.endLine();
    if (this.listDepth === 0) this.lines.push('');
  }

  /** A heading, a table or preformatted text: a paragraph of its own even inside a list. */
  private block(lines: string[]): void {
    this.endLine();
    const kept = lines.filter((line) => line.trim());
    if (kept.length > 0) this.lines.push('', ...kept, '');
  }
}

/**
 * An element's text with its block structure. The walk keeps its own stack rather than
 * recursing, so a page nested thousands of levels deep cannot overflow the call stack.
 */
function blockText(root: DomElement): string {
  const writer = new BlockTextWriter();
  const stack: { node: DomNode; leaving: boolean }[] = [{ node: root, leaving: false }];
  while (stack.length > 0) {
    const { node, leaving } = stack.pop()!;
    if (leaving) writer.leave(node as DomElement);
    else if (node.nodeType === TEXT_NODE) writer.text(node.textContent ?? '');
    else if (node.nodeType === ELEMENT_NODE && writer.enter(node as DomElement)) {
      stack.push({ node, leaving: true });
      // Read once: linkedom builds the list anew on every read, in time of the whole subtree.
      const children = node.childNodes;
      for (let index = children.length - 1; index >= 0; index -= 1) {
        stack.push({ node: children[index]!, leaving: false });
      }
    }
  }
  return writer.result();
}

/** HTML (a fragment too, as mammoth writes a Word document) as block-structured text. */
export function htmlToBlockText(html: string): string {
  const body = bodyOf(parseDocument(`<html><body>${html}</body></html>`));
  return body ? blockText(body) : '';
}

/** The article as Readability finds it, or null when it finds none. */
function articleText(document: DomDocument): string | null {
  try {
    const article = new Readability<DomElement>(document, {
      serializer: (node: DomElement) => node,
    }).parse();
    return article?.content ? blockText(article.content) || null : null;
  } catch {
    // A page its heuristics trip over: the fallback reads it.
    return null;
  }
}

/** The page's main content (else its body) without navigation, header, footer and the like. */
function mainText(document: DomDocument): string {
  for (const element of document.querySelectorAll(NOISE)) element.remove();
  const content = document.querySelector('article') ?? document.querySelector('main') ?? bodyOf(document);
  return content ? blockText(content) : '';
}

/**
 * Readability reads a page that looks like an article (isProbablyReaderable: enough paragraphs
 * of prose) and is not too big for it; any other page (a pricing page, a short note), or one
 * where Readability finds nothing, is read by mainText. Readability changes the document, so
 * the fallback after it reads a fresh one.
 */
function readableText(html: string, document: DomDocument): string {
  const elements = document.querySelectorAll('*').length;
  if (elements > READABILITY_MAX_ELEMENTS || !isProbablyReaderable(document)) {
    return mainText(document);
  }
  return articleText(document) ?? mainText(parseDocument(html));
}

/** YouTube pages are a script shell; their title and description are what a video brings. */
export function isYouTubeUrl(url: URL): boolean {
  const host = url.hostname.replace(/^www\.|^m\./, '');
  return host === 'youtube.com' || host === 'youtu.be' || host === 'music.youtube.com';
}

/**
 * Reads a fetched HTML page: its preview (title, description, site — Open Graph first, then the
 * plain tags, then the host) and its readable text, for the knowledge base to index.
 */
export function readHtml(html: string, pageUrl: string): ReadPage {
  const url = new URL(pageUrl);
  const document = parseDocument(html);
  const title = collapse(
    meta(document, 'og:title', 'twitter:title') ||
      document.querySelector('title')?.textContent ||
      url.hostname,
  );
  const description = collapse(meta(document, 'og:description', 'description', 'twitter:description'));
  const site = collapse(meta(document, 'og:site_name')) || url.hostname.replace(/^www\./, '');
  const youtube = isYouTubeUrl(url);
  const type: ReadPage['type'] = youtube
    ? 'youtube'
    : meta(document, 'og:type').toLowerCase() === 'article' || document.querySelector('article')
      ? 'article'
      : 'link';
  const language = document.documentElement?.getAttribute('lang')?.slice(0, 2).toLowerCase() || null;
  const text = youtube ? [title, description].filter(Boolean).join('\n\n') : readableText(html, document);
  return { title, description, site, type, text, language };
}

/** A plain-text page read the same way: its first line is its title. */
export function readPlainText(text: string, pageUrl: string): ReadPage {
  const url = new URL(pageUrl);
  const firstLine = text.trim().split('\n')[0]?.trim() ?? '';
  return {
    title: cutText(firstLine, 200) || url.hostname,
    description: '',
    site: url.hostname.replace(/^www\./, ''),
    type: 'link',
    text: text.trim(),
    language: null,
  };
}
