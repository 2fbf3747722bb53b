import { createHash, timingSafeEqual } from 'node:crypto';
import type { WebhookRequest } from './messenger-adapter';

/*
 * Small readers every adapter uses on what a platform sent: untrusted JSON and headers, and a
 * comparison of secrets that takes the same time whatever matches.
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string with something in it, trimmed; null otherwise. */
export function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** A request header by name, whatever the case it arrived in. */
export function webhookHeader(request: WebhookRequest, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(request.headers)) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}

/** Constant-time comparison of two strings (false at once when their lengths differ). */
export function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * SHA-256 (hex) of a secret Doppel gives a platform to send back with each webhook call
 * (Telegram's secret_token): what the connection stores and the adapter compares against.
 */
export function hashInboundSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
