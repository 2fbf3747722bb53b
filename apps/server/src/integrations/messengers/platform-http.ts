import type { MessengerPlatform } from '@doppel/contracts';
import { createRetryingFetch, defaultRetryPolicy, type RetryPolicy } from '../../lib/retrying-fetch';
import { MessengerError } from './messenger-adapter';
import { cutText } from '../../lib/text';

/** Per platform call, retries included. */
export const PLATFORM_TIMEOUT_MS = 15_000;

const PLATFORM_NAMES: Record<MessengerPlatform, string> = {
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  slack: 'Slack',
  discord: 'Discord',
  email: 'Email',
};

export function platformName(platform: MessengerPlatform): string {
  return PLATFORM_NAMES[platform];
}

export interface PlatformCall {
  platform: MessengerPlatform;
  url: string;
  method?: 'GET' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** What the call is for, for error messages ("check the bot token"). */
  action: string;
  retry?: RetryPolicy;
  /**
   * The call delivers a message, which is not idempotent: only 429 is retried. A 5xx, a timeout
   * or a dropped connection may have delivered it, so it throws MessengerError `uncertain`.
   */
  sends?: boolean;
}

/** Network failures that prove the request never reached the platform. */
const NEVER_REACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function causeCode(error: unknown): string | undefined {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

export interface PlatformAnswer {
  status: number;
  body: unknown;
}

/**
 * One call to a platform's HTTP API: retries 429 and 5xx honouring Retry-After, times out, and
 * turns network failures into MessengerError. The answer is returned whatever its status: each
 * platform reports errors its own way (Telegram and Slack answer 200 with ok: false).
 */
export async function callPlatform(call: PlatformCall): Promise<PlatformAnswer> {
  const sends = call.sends ?? false;
  const retrying = createRetryingFetch(call.retry ?? defaultRetryPolicy, globalThis.fetch, {
    retryServerErrors: !sends,
  });
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
  let body: string | undefined;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  } else if (call.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(call.form).toString();
  }
  let response: Response;
  try {
    response = await retrying(call.url, {
      method: call.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const reached = timedOut || !NEVER_REACHED.has(causeCode(error) ?? '');
    throw new MessengerError(
      call.platform,
      timedOut
        ? `${platformName(call.platform)} did not answer in time (${call.action}).`
        : `${platformName(call.platform)} could not be reached (${call.action}).`,
      undefined,
      { uncertain: sends && reached },
    );
  }
  if (sends && response.status >= 500) {
    await response.body?.cancel().catch(() => undefined);
    throw new MessengerError(
      call.platform,
      `${platformName(call.platform)} answered HTTP ${response.status} (${call.action}).`,
      response.status,
      { uncertain: true },
    );
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (an HTML error page from a proxy): the status says enough.
    parsed = null;
  }
  return { status: response.status, body: parsed };
}

/** A short error description a platform put in its answer, cut to a sane length. */
export function describePlatformError(description: unknown, fallback: string): string {
  return typeof description === 'string' && description.trim() ? cutText(description.trim(), 200) : fallback;
}
