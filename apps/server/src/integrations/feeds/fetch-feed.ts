import {
  createGuardedFetch,
  InternalAddressError,
  isPublicAddress,
  type AddressPolicy,
} from '../../lib/public-only-fetch';

/*
 * Reading a news feed the user named. The same rules as any server-side fetch of a user's
 * address (ARCHITECTURE §5, integrations/web/fetch-page.ts): http and https only, no private,
 * loopback or link-local address — checked after DNS resolution and on every redirect hop —,
 * a time cap and a size cap. Polls are conditional: the validators of the last answer go back
 * as If-None-Match / If-Modified-Since, and a 304 means there is nothing to read. Errors carry
 * our words, never what the server answered.
 */

export const FEED_TIMEOUT_MS = 15_000;
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 5;

export type FeedFetchFailure =
  'refused' | 'unreachable' | 'http_status' | 'too_large' | 'timeout' | 'redirects';

/** Why a feed could not be had; `message` is safe to show the user. */
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

const guardedFetches = new Map<AddressPolicy, typeof fetch>();
function guardedFetchFor(policy: AddressPolicy): typeof fetch {
  let guarded = guardedFetches.get(policy);
  if (!guarded) {
    guarded = createGuardedFetch(policy);
    guardedFetches.set(policy, guarded);
  }
  return guarded;
}

function isRefusal(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if (current instanceof InternalAddressError) return true;
    if (current instanceof TypeError && /Only http and https/.test(current.message)) return true;
  }
  return false;
}

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new FeedFetchError('too_large', `The feed is larger than ${megabytes(maxBytes)} MB.`);
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const result = await reader.read();
    if (result.done) break;
    const value = Buffer.from(result.value as Uint8Array);
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new FeedFetchError('too_large', `The feed is larger than ${megabytes(maxBytes)} MB.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
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
 * checked again. Throws FeedFetchError with a message fit for the user.
 */
export async function fetchFeed(address: string, options: FetchFeedOptions = {}): Promise<FetchedFeed> {
  const guarded = guardedFetchFor(options.allowAddress ?? isPublicAddress);
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  const headers: Record<string, string> = {
    accept:
      'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1',
    'user-agent': options.userAgent ?? 'Doppel/0.1 (news signals)',
  };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  let url = new URL(address);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new FeedFetchError('refused', 'Only http and https feeds can be followed.');
    }
    let response: Response;
    try {
      response = await guarded(url, { signal, headers });
    } catch (error) {
      if (isRefusal(error)) {
        throw new FeedFetchError(
          'refused',
          'This address is on a private or local network; only public feeds can be followed.',
        );
      }
      if (signal.aborted) {
        throw new FeedFetchError('timeout', `The feed did not answer within ${timeoutMs / 1000} seconds.`);
      }
      throw new FeedFetchError('unreachable', `The feed could not be reached (${url.host}).`);
    }
    if (response.status === 304) {
      await response.body?.cancel().catch(() => {});
      return { status: 'not_modified', url: url.href };
    }
    if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
      await response.body?.cancel().catch(() => {});
      url = new URL(response.headers.get('location')!, url);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new FeedFetchError(
        'http_status',
        `The feed answered with HTTP ${response.status}.`,
        response.status,
      );
    }
    let body: Buffer;
    try {
      body = await readCapped(response, options.maxBytes ?? FEED_MAX_BYTES);
    } catch (error) {
      if (error instanceof FeedFetchError) throw error;
      if (signal.aborted) {
        throw new FeedFetchError('timeout', `The feed did not answer within ${timeoutMs / 1000} seconds.`);
      }
      throw new FeedFetchError('unreachable', `The feed could not be read (${url.host}).`);
    }
    return {
      status: 'ok',
      url: url.href,
      body: decode(body, response.headers.get('content-type') ?? ''),
      // Validators longer than a header line should be are not worth keeping.
      etag: response.headers.get('etag')?.slice(0, 500) ?? null,
      lastModified: response.headers.get('last-modified')?.slice(0, 100) ?? null,
    };
  }
  throw new FeedFetchError('redirects', 'The feed redirects too many times.');
}
