import {
  createGuardedFetch,
  InternalAddressError,
  isPublicAddress,
  type AddressPolicy,
} from '../../lib/public-only-fetch';

/*
 * One GET of an address a user named (a knowledge-base link, a news feed, a sheet's CSV): the
 * safe-fetch rules in one place. http and https only; no private, loopback or
 * link-local address, checked after DNS resolution and again on every redirect hop (redirects
 * are followed by hand); a time cap and a size cap. What the server said is never echoed in an
 * error: each failure is a reason and a sentence of ours, worded for what was fetched.
 */

const MAX_REDIRECTS = 5;

export type PublicFetchFailure =
  'refused' | 'unreachable' | 'http_status' | 'too_large' | 'timeout' | 'redirects';

export interface PublicFetchOptions {
  /** Which IP addresses may be reached; the default is public addresses only. */
  allowAddress?: AddressPolicy;
  timeoutMs: number;
  maxBytes: number;
  headers: Record<string, string>;
  /** A 304 is an answer (a conditional request), not a failure. */
  acceptNotModified?: boolean;
  /** What is fetched, as the messages name it: 'page', 'feed'. */
  noun: string;
  /** The sentence for a non-http(s) address, e.g. 'Only http and https links can be added.' */
  onlyHttp: string;
  /** The sentence for an internal address. */
  onlyPublic: string;
  /** Makes the caller's error from a reason and a sentence (and the HTTP status, if any). */
  fail: (reason: PublicFetchFailure, message: string, status?: number) => Error;
}

export type PublicFetchResult =
  { status: 'not_modified'; url: URL } | { status: 'ok'; url: URL; headers: Headers; body: Buffer };

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

class TooLarge extends Error {}

async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new TooLarge();
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
      throw new TooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** GETs the address under the rules above; throws what `options.fail` makes. */
export async function fetchPublic(address: string, options: PublicFetchOptions): Promise<PublicFetchResult> {
  const { noun, fail, timeoutMs } = options;
  const guarded = guardedFetchFor(options.allowAddress ?? isPublicAddress);
  const signal = AbortSignal.timeout(timeoutMs);
  const timedOut = () => fail('timeout', `The ${noun} did not answer within ${timeoutMs / 1000} seconds.`);
  const tooLarge = () =>
    fail('too_large', `The ${noun} is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB.`);
  let url = new URL(address);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail('refused', options.onlyHttp);
    let response: Response;
    try {
      response = await guarded(url, { signal, headers: options.headers });
    } catch (error) {
      if (isRefusal(error)) throw fail('refused', options.onlyPublic);
      if (signal.aborted) throw timedOut();
      throw fail('unreachable', `The ${noun} could not be reached (${url.host}).`);
    }
    if (response.status === 304 && options.acceptNotModified) {
      await response.body?.cancel().catch(() => {});
      return { status: 'not_modified', url };
    }
    if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
      await response.body?.cancel().catch(() => {});
      url = new URL(response.headers.get('location')!, url);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw fail('http_status', `The ${noun} answered with HTTP ${response.status}.`, response.status);
    }
    try {
      return {
        status: 'ok',
        url,
        headers: response.headers,
        body: await readCapped(response, options.maxBytes),
      };
    } catch (error) {
      if (error instanceof TooLarge) throw tooLarge();
      if (signal.aborted) throw timedOut();
      throw fail('unreachable', `The ${noun} could not be read (${url.host}).`);
    }
  }
  throw fail('redirects', `The ${noun} redirects too many times.`);
}
