/** How an outside service's fetch retries (AI providers, messenger platforms); tests shorten the waits. */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Wait when the provider sends no Retry-After, doubled per attempt. */
  baseDelayMs: number;
  /** No single wait is longer than this, whatever Retry-After says. */
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 10_000 };

/** Seconds (`Retry-After: 3`) or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function sleep(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A fetch that retries 429 and 5xx answers, waiting as the provider's Retry-After asks (capped).
 * The AI SDK's own retries ignore Retry-After, so calls run with `maxRetries: 0` over this.
 * Retrying here, before any body is read, works the same for streaming and plain calls.
 */
export function createRetryingFetch(
  policy: RetryPolicy = defaultRetryPolicy,
  inner: typeof fetch = globalThis.fetch,
  /**
   * Whether 5xx answers are tried again. Not for a call that is not idempotent (sending a
   * message): a server error may come after the work was done. 429 is always retried: the
   * provider refused before doing anything.
   */
  { retryServerErrors = true }: { retryServerErrors?: boolean } = {},
): typeof fetch {
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      const response = await inner(input, init);
      const retryable = response.status === 429 || (retryServerErrors && response.status >= 500);
      if (!retryable || attempt >= policy.maxRetries) return response;
      const asked = retryAfterMs(response.headers.get('retry-after'));
      const wait = Math.min(asked ?? policy.baseDelayMs * 2 ** attempt, policy.maxDelayMs);
      // Free the connection before waiting; the body of a failed attempt is not needed.
      await response.body?.cancel().catch(() => undefined);
      await sleep(wait, init?.signal);
    }
  };
}
