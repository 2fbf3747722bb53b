import { createHash } from 'node:crypto';
import { startRecordingServer, type Answer, type RecordedRequest } from './http-server';

/*
 * A fake news site on 127.0.0.1 serving RSS 2.0 and Atom feeds the way
 * real ones do: an ETag (a hash of the body) and a Last-Modified date on every answer, and 304
 * Not Modified when the client's If-None-Match or If-Modified-Since says it has the current
 * version. Tests change a feed's items, or make a path answer a broken body or an HTTP error.
 */

export interface FakeFeedItem {
  title: string;
  summary?: string;
  link?: string;
  /** RSS guid / Atom id. */
  guid?: string;
  published?: Date;
}

export interface FakeFeed {
  format: 'rss' | 'atom';
  title: string;
  items: FakeFeedItem[];
  /** Which validators the site sends: both (default), only one, or none. */
  validators?: 'both' | 'etag' | 'last-modified' | 'none';
}

export interface FakeFeedServer {
  baseUrl: string;
  /** The address of a path on this server. */
  url(path: string): string;
  requests: RecordedRequest[];
  /** Requests for one path, in order. */
  requestsFor(path: string): RecordedRequest[];
  setFeed(path: string, feed: FakeFeed): void;
  /** The path answers exactly this (a broken body, an HTTP error, a redirect). */
  setRaw(path: string, answer: Answer): void;
  close(): Promise<void>;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function rssXml(feed: FakeFeed): string {
  const items = feed.items
    .map(
      (item) => `<item>
  <title>${escapeXml(item.title)}</title>
  ${item.link ? `<link>${escapeXml(item.link)}</link>` : ''}
  ${item.guid ? `<guid isPermaLink="false">${escapeXml(item.guid)}</guid>` : ''}
  ${item.published ? `<pubDate>${item.published.toUTCString()}</pubDate>` : ''}
  ${item.summary ? `<description>${escapeXml(item.summary)}</description>` : ''}
</item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel>
<title>${escapeXml(feed.title)}</title><link>https://news.example.com/</link><description>Fake news</description>
${items}
</channel></rss>`;
}

export function atomXml(feed: FakeFeed): string {
  const entries = feed.items
    .map(
      (item, index) => `<entry>
  <title>${escapeXml(item.title)}</title>
  ${item.link ? `<link rel="alternate" href="${escapeXml(item.link)}"/>` : ''}
  <id>${escapeXml(item.guid ?? `urn:fake:entry:${index}`)}</id>
  <updated>${(item.published ?? new Date(0)).toISOString()}</updated>
  ${item.published ? `<published>${item.published.toISOString()}</published>` : ''}
  ${item.summary ? `<summary type="html">${escapeXml(item.summary)}</summary>` : ''}
</entry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title>${escapeXml(feed.title)}</title><id>urn:fake:feed</id><updated>${new Date(0).toISOString()}</updated>
${entries}
</feed>`;
}

export async function startFakeFeedServer(): Promise<FakeFeedServer> {
  const feeds = new Map<string, { feed: FakeFeed; lastModified: string }>();
  const raws = new Map<string, Answer>();
  let version = 0;

  const server = await startRecordingServer((request): Answer => {
    const raw = raws.get(request.path);
    if (raw) return raw;
    const entry = feeds.get(request.path);
    if (!entry) return { status: 404, body: 'Not found' };
    const { feed, lastModified } = entry;
    const body = feed.format === 'rss' ? rssXml(feed) : atomXml(feed);
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
    const mode = feed.validators ?? 'both';
    const sendsEtag = mode === 'both' || mode === 'etag';
    const sendsDate = mode === 'both' || mode === 'last-modified';
    const headers: Record<string, string> = {
      'content-type': feed.format === 'rss' ? 'application/rss+xml; charset=utf-8' : 'application/atom+xml',
      ...(sendsEtag && { etag }),
      ...(sendsDate && { 'last-modified': lastModified }),
    };
    const ifNoneMatch = request.headers['if-none-match'];
    const ifModifiedSince = request.headers['if-modified-since'];
    if (
      (sendsEtag && ifNoneMatch === etag) ||
      (!ifNoneMatch && sendsDate && ifModifiedSince === lastModified)
    ) {
      return { status: 304, headers: sendsEtag ? { etag } : {} };
    }
    return { status: 200, headers, body };
  });

  return {
    baseUrl: server.baseUrl,
    url: (path) => `${server.baseUrl}${path}`,
    requests: server.requests,
    requestsFor: (path) => server.requests.filter((request) => request.path === path),
    setFeed(path, feed) {
      raws.delete(path);
      // Each change is a new version with its own Last-Modified, a second apart.
      version += 1;
      feeds.set(path, { feed, lastModified: new Date(Date.UTC(2025, 0, 1, 0, 0, version)).toUTCString() });
    },
    setRaw(path, answer) {
      raws.set(path, answer);
    },
    close: () => server.close(),
  };
}
