import { parseFeed } from 'feedsmith';
import { parse as parseHtml } from 'node-html-parser';
import { shortenText, storableText } from '../../lib/text';

/*
 * Reading RSS, Atom, RDF and JSON Feed with feedsmith (maintained, typed, no native parts),
 * then flattening every format to the few fields signals need. Feeds put HTML in their
 * summaries; the text is taken out of it so matching and task context read words, not tags.
 */

export interface FeedEntry {
  /** The feed's own id of the entry (RSS guid, Atom id, JSON Feed id), if it has one. */
  guid: string | null;
  link: string | null;
  title: string;
  /** Plain text, shortened. */
  summary: string;
  publishedAt: Date | null;
}

export interface ParsedFeed {
  format: 'rss' | 'atom' | 'rdf' | 'json';
  /** The feed's title, when it has one. */
  title: string | null;
  entries: FeedEntry[];
}

/** The body is not a feed, or not one that can be read. `message` is English, for the log. */
export class FeedParseError extends Error {
  override name = 'FeedParseError';
}

const SUMMARY_MAX = 2000;
/** A feed's newest entries are what a poll is about; very long archives are read no further. */
export const MAX_FEED_ENTRIES = 200;

/** The readable text of an HTML fragment (or plain text), whitespace collapsed, capped. */
export function plainText(html: string | null | undefined, max = SUMMARY_MAX): string {
  if (!html) return '';
  const text = /<[a-z!/]/i.test(html) || html.includes('&') ? parseHtml(html).textContent : html;
  const collapsed = storableText(text).replace(/\s+/g, ' ').trim();
  return shortenText(collapsed, max);
}

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

/** Requirable fields are typed as the value or a placeholder object; only strings count. */
function str(value: unknown): string | null {
  // A feed is outside text: NUL or a broken surrogate in it is dropped, not refused (decision 028).
  return typeof value === 'string' && value.trim() !== '' ? storableText(value.trim()) : null;
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return str(value);
  if (value && typeof value === 'object' && 'value' in value) return str(value.value);
  return null;
}

function firstDate(values: unknown): Date | null {
  return Array.isArray(values) ? toDate(str(values[0])) : null;
}

function atomLink(links: Array<{ href?: unknown; rel?: string }> | undefined): string | null {
  if (!links?.length) return null;
  const alternate = links.find((link) => !link.rel || link.rel === 'alternate') ?? links[0];
  return str(alternate?.href);
}

/** Parses a feed body; throws FeedParseError when it is not RSS, Atom, RDF or JSON Feed. */
export function readFeed(body: string): ParsedFeed {
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(body);
  } catch {
    throw new FeedParseError('The address did not answer with an RSS or Atom feed that can be read.');
  }
  const entries: FeedEntry[] = [];
  switch (parsed.format) {
    case 'rss':
      for (const item of parsed.feed.items ?? []) {
        entries.push({
          guid: str(item.guid?.value),
          link: str(item.link),
          title: plainText(item.title, 1000),
          summary: plainText(item.description ?? item.content?.encoded),
          publishedAt: toDate(str(item.pubDate)) ?? firstDate(item.dc?.dates),
        });
      }
      return { format: 'rss', title: textOf(parsed.feed.title), entries: entries.slice(0, MAX_FEED_ENTRIES) };
    case 'atom':
      for (const entry of parsed.feed.entries ?? []) {
        entries.push({
          guid: str(entry.id),
          link: atomLink(entry.links),
          title: plainText(textOf(entry.title), 1000),
          summary: plainText(textOf(entry.summary) ?? entry.content?.value),
          publishedAt: toDate(str(entry.published)) ?? toDate(str(entry.updated)),
        });
      }
      return {
        format: 'atom',
        title: textOf(parsed.feed.title),
        entries: entries.slice(0, MAX_FEED_ENTRIES),
      };
    case 'rdf':
      for (const item of parsed.feed.items ?? []) {
        entries.push({
          guid: null,
          link: str(item.link),
          title: plainText(str(item.title), 1000),
          summary: plainText(item.description),
          publishedAt: firstDate(item.dc?.dates),
        });
      }
      return { format: 'rdf', title: textOf(parsed.feed.title), entries: entries.slice(0, MAX_FEED_ENTRIES) };
    case 'json': {
      const items = Array.isArray(parsed.feed.items) ? parsed.feed.items : [];
      for (const item of items) {
        entries.push({
          guid: str(item.id),
          link: str(item.url) ?? str(item.external_url),
          title: plainText(item.title, 1000),
          summary: plainText(item.summary ?? item.content_text ?? item.content_html),
          publishedAt: toDate(str(item.date_published)),
        });
      }
      return {
        format: 'json',
        title: textOf(parsed.feed.title),
        entries: entries.slice(0, MAX_FEED_ENTRIES),
      };
    }
  }
}
