import type { AddressPolicy } from '../../lib/public-only-fetch';
import { fetchPublic, type PublicFetchFailure } from './fetch-public';

export { anyAddress } from './fetch-public';

/*
 * Fetching a page a user named (a knowledge-base link, a sheet's CSV export), under the rules
 * of integrations/web/fetch-public.ts: http and https only, public addresses only (after DNS and
 * on every redirect hop), time and size caps, errors in our own words.
 */

export const PAGE_TIMEOUT_MS = 10_000;
export const PAGE_MAX_BYTES = 5 * 1024 * 1024;

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
    readonly reason: PublicFetchFailure,
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

/**
 * GETs a page, following up to 5 redirects by hand so each hop's address is checked again.
 * Throws PageFetchError with a message fit for the user.
 */
export async function fetchPage(address: string, options: FetchPageOptions = {}): Promise<FetchedPage> {
  const fetched = await fetchPublic(address, {
    allowAddress: options.allowAddress,
    timeoutMs: options.timeoutMs ?? PAGE_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? PAGE_MAX_BYTES,
    headers: {
      accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8,*/*;q=0.1',
      'user-agent': 'Doppel/0.1 (link preview)',
    },
    noun: 'page',
    onlyHttp: 'Only http and https links can be added.',
    onlyPublic: 'This address is on a private or local network; only public web pages can be added.',
    fail: (reason, message) => new PageFetchError(reason, message),
  });
  if (fetched.status !== 'ok') throw new PageFetchError('http_status', 'The page answered with HTTP 304.');
  const contentType = fetched.headers.get('content-type') ?? '';
  const [mediaType = '', ...parameters] = contentType.split(';').map((part) => part.trim());
  const charset = parameters
    .find((parameter) => parameter.toLowerCase().startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  return { url: fetched.url.href, mediaType: mediaType.toLowerCase(), charset, body: fetched.body };
}

/** The body as text in its declared charset (UTF-8 when none or unknown). */
export function pageText(page: FetchedPage): string {
  try {
    return new TextDecoder(page.charset ?? 'utf-8').decode(page.body);
  } catch {
    return new TextDecoder('utf-8').decode(page.body);
  }
}
