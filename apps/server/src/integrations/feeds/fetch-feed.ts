import type { AddressPolicy } from '../../lib/public-only-fetch';
import { fetchPublic, type PublicFetchFailure } from '../web/fetch-public';

/*
 * Reading a news feed the user named, under the rules of every fetch of a user's address
 * (integrations/web/fetch-public.ts: http and https only, public addresses only — checked after
 * DNS resolution and on every redirect hop —, a time cap and a size cap). Polls are conditional: the validators of the last answer go back
 * as If-None-Match / If-Modified-Since, and a 304 means there is nothing to read. Errors carry
 * a reason (and the status), never what the server answered.
 */

export const FEED_TIMEOUT_MS = 15_000;
export const FEED_MAX_BYTES = 5 * 1024 * 1024;

export type FeedFetchFailure = PublicFetchFailure;

/**
 * Why a feed could not be had. The user is told by `reason` (and `status`), which signals turn
 * into a code the web app words; `message` is English, for the log.
 */
export class FeedFetchError extends Error {
  override name = 'FeedFetchError';
  constructor(
    readonly reason: FeedFetchFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface FeedValidators {
  etag?: string | null;
  lastModified?: string | null;
}

export type FetchedFeed =
  | { status: 'not_modified'; url: string }
  | { status: 'ok'; url: string; body: string; etag: string | null; lastModified: string | null };

export interface FetchFeedOptions extends FeedValidators {
  /** Which IP addresses may be reached; the default is public addresses only. */
  allowAddress?: AddressPolicy;
  timeoutMs?: number;
  maxBytes?: number;
  userAgent?: string;
}

/** The body in its declared charset; XML feeds without one are UTF-8 (or say so in the prolog). */
function decode(body: Buffer, contentType: string): string {
  const declared =
    /charset="?([\w-]+)"?/i.exec(contentType)?.[1] ??
    /^<\?xml[^>]*encoding=["']([\w-]+)["']/i.exec(body.subarray(0, 200).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/**
 * GETs a feed conditionally, following up to 5 redirects by hand so each hop's address is
 * checked again. Throws FeedFetchError.
 */
export async function fetchFeed(address: string, options: FetchFeedOptions = {}): Promise<FetchedFeed> {
  const headers: Record<string, string> = {
    accept:
      'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1',
    'user-agent': options.userAgent ?? 'Doppel/0.1 (news signals)',
  };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  const fetched = await fetchPublic(address, {
    allowAddress: options.allowAddress,
    timeoutMs: options.timeoutMs ?? FEED_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? FEED_MAX_BYTES,
    headers,
    acceptNotModified: true,
    noun: 'feed',
    onlyHttp: 'Only http and https feeds can be followed.',
    onlyPublic: 'This address is on a private or local network; only public feeds can be followed.',
    fail: (reason, message, status) => new FeedFetchError(reason, message, status),
  });
  if (fetched.status === 'not_modified') return { status: 'not_modified', url: fetched.url.href };
  return {
    status: 'ok',
    url: fetched.url.href,
    body: decode(fetched.body, fetched.headers.get('content-type') ?? ''),
    // Validators longer than a header line should be are not worth keeping.
    etag: fetched.headers.get('etag')?.slice(0, 500) ?? null,
    lastModified: fetched.headers.get('last-modified')?.slice(0, 100) ?? null,
  };
}
