import {
  createGuardedFetch,
  InternalAddressError,
  isPublicAddress,
  type AddressPolicy,
} from '../../lib/public-only-fetch';

/*
 * Fetching a page a user named (a knowledge-base link; later news feeds). ARCHITECTURE §5: http
 * and https only, no private, loopback or link-local address — checked after DNS resolution and
 * again on every redirect hop —, a time cap and a size cap. What the page said is never echoed
 * back in an error: the reason is ours, in plain words.
 */

export const PAGE_TIMEOUT_MS = 10_000;
export const PAGE_MAX_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 5;

export interface FetchedPage {
  /** The address after redirects. */
  url: string;
  /** The media type without parameters, lower case (text/html). */
  mediaType: string;
  charset: string | undefined;
  body: Buffer;
}

/** Why a page could not be had; `message` is safe to show the user. */
export class PageFetchError extends Error {
  override name = 'PageFetchError';
  constructor(
    readonly reason: 'refused' | 'unreachable' | 'http_status' | 'too_large' | 'timeout' | 'redirects',
    message: string,
  ) {
    super(message);
  }
}

export interface FetchPageOptions {
  /** Which IP addresses may be reached; the default is public addresses only. */
  allowAddress?: AddressPolicy;
  timeoutMs?: number;
  maxBytes?: number;
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

/** Allows every address: only for tests and single-user installs (FETCH_ALLOW_PRIVATE_ADDRESSES). */
export const anyAddress: AddressPolicy = () => true;

function isRefusal(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if (current instanceof InternalAddressError) return true;
    if (current instanceof TypeError && /Only http and https/.test(current.message)) return true;
  }
  return false;
}

async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new PageFetchError(
      'too_large',
      `The page is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`,
    );
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
      throw new PageFetchError(
        'too_large',
        `The page is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`,
      );
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * GETs a page, following up to 5 redirects by hand so each hop's address is checked again.
 * Throws PageFetchError with a message fit for the user.
 */
export async function fetchPage(address: string, options: FetchPageOptions = {}): Promise<FetchedPage> {
  const guarded = guardedFetchFor(options.allowAddress ?? isPublicAddress);
  const timeoutMs = options.timeoutMs ?? PAGE_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = new URL(address);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new PageFetchError('refused', 'Only http and https links can be added.');
    }
    let response: Response;
    try {
      response = await guarded(url, {
        signal,
        headers: {
          accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8,*/*;q=0.1',
          'user-agent': 'Doppel/0.1 (link preview)',
        },
      });
    } catch (error) {
      if (isRefusal(error)) {
        throw new PageFetchError(
          'refused',
          'This address is on a private or local network; only public web pages can be added.',
        );
      }
      if (signal.aborted) {
        throw new PageFetchError('timeout', `The page did not answer within ${timeoutMs / 1000} seconds.`);
      }
      throw new PageFetchError('unreachable', `The page could not be reached (${url.host}).`);
    }
    if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
      await response.body?.cancel().catch(() => {});
      url = new URL(response.headers.get('location')!, url);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new PageFetchError('http_status', `The page answered with HTTP ${response.status}.`);
    }
    const contentType = response.headers.get('content-type') ?? '';
    const [mediaType = '', ...parameters] = contentType.split(';').map((part) => part.trim());
    const charset = parameters
      .find((parameter) => parameter.toLowerCase().startsWith('charset='))
      ?.slice('charset='.length)
      .replace(/"/g, '');
    let body: Buffer;
    try {
      body = await readCapped(response, options.maxBytes ?? PAGE_MAX_BYTES);
    } catch (error) {
      if (error instanceof PageFetchError) throw error;
      if (signal.aborted) {
        throw new PageFetchError('timeout', `The page did not answer within ${timeoutMs / 1000} seconds.`);
      }
      throw new PageFetchError('unreachable', `The page could not be read (${url.host}).`);
    }
    return { url: url.href, mediaType: mediaType.toLowerCase(), charset, body };
  }
  throw new PageFetchError('redirects', 'The page redirects too many times.');
}

/** The body as text in its declared charset (UTF-8 when none or unknown). */
export function pageText(page: FetchedPage): string {
  try {
    return new TextDecoder(page.charset ?? 'utf-8').decode(page.body);
  } catch {
    return new TextDecoder('utf-8').decode(page.body);
  }
}
