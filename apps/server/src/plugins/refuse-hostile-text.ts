import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessages, errorStatus, type ErrorBody } from '@doppel/contracts';
import { AppError } from '../lib/app-error';
import { hasUnstorableText } from '../lib/text';

/*
 * Client text that no column can store — a NUL character, half a surrogate pair — is refused
 * with 400 invalid_characters before any handler sees it, in the three places text enters a
 * request: the URL (path and query), the JSON body, and multipart field values and file names
 * (docs/decisions/028). Refused, not cleaned: the client learns its text was not saved as sent.
 */

/** Throws 400 invalid_characters when the text holds NUL or half a surrogate pair. */
export function refuseUnstorableText(text: string): void {
  if (hasUnstorableText(text)) throw new AppError('invalid_characters');
}

/** Whether any string or object key in a parsed JSON value holds unstorable text. */
function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return hasUnstorableText(value);
  if (Array.isArray(value)) return value.some(holdsUnstorableText);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(([key, item]) => hasUnstorableText(key) || holdsUnstorableText(item));
  return false;
}

/**
 * The JSON body parser of every route (webhooks keep their raw bytes, see
 * modules/messengers/webhooks.routes.ts). A body-less POST may still carry the JSON content type.
 */
export function parseJsonBody(
  _request: FastifyRequest,
  text: string | Buffer,
  done: (error: Error | null, body?: unknown) => void,
): void {
  if (text === '' || text === undefined) return done(null, undefined);
  let body: unknown;
  try {
    body = JSON.parse(text as string);
  } catch (error) {
    (error as { statusCode?: number }).statusCode = 400;
    return done(error as Error, undefined);
  }
  // JSON text can only bring NUL or a lone surrogate as a \u escape: a raw NUL is a syntax
  // error, and the bytes were decoded as UTF-8, which has no lone surrogates.
  if ((text as string).includes('\\u') && holdsUnstorableText(body))
    return done(new AppError('invalid_characters'), undefined);
  done(null, body);
}

/** Marks a parsed query that held text no column can store, for refuseHostileUrl to refuse. */
const UNSTORABLE_QUERY = Symbol('unstorable query text');

type ParsedQuery = Record<string, string | string[]> & { [UNSTORABLE_QUERY]?: true };

/** Decodes a query key or value ('+' is a space); null when it is not UTF-8 or holds NUL. */
function decodeQueryPart(text: string): string | null {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text;
  if (!spaced.includes('%') && !spaced.includes('\0')) return spaced;
  let decoded: string;
  try {
    decoded = decodeURIComponent(spaced);
  } catch {
    return null;
  }
  return hasUnstorableText(decoded) ? null : decoded;
}

/**
 * Fastify's query string parser, the one parse of a request's query: `a=1&a=2&b` as
 * { a: ['1', '2'], b: '' }, as Fastify's own parser reads it. Where its decoding is lenient (a
 * broken escape is kept as written), this one marks the query as holding text no column can
 * store, and refuseHostileUrl answers 400 before any handler sees it.
 */
export function parseQueryString(query: string): ParsedQuery {
  // No prototype: a key such as __proto__ is a key like any other.
  const result = Object.create(null) as ParsedQuery;
  if (query.length === 0) return result;
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    if (equals < 0 && pair.length === 0) continue;
    const key = decodeQueryPart(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? '' : decodeQueryPart(pair.slice(equals + 1));
    if (key === null || value === null) {
      result[UNSTORABLE_QUERY] = true;
      continue;
    }
    const current = result[key];
    if (current === undefined) result[key] = value;
    else if (Array.isArray(current)) current.push(value);
    else result[key] = [current, value];
  }
  return result;
}

/**
 * onRequest, for every route: the path must decode as UTF-8 without NUL, and the query must
 * have parsed clean (parseQueryString). A percent-encoded surrogate (%ED%A0%80) is not UTF-8,
 * so it fails the decoding like any broken escape.
 */
export function refuseHostileUrl(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
) {
  if ((request.query as ParsedQuery)[UNSTORABLE_QUERY]) return done(new AppError('invalid_characters'));
  const url = request.url;
  const queryStart = url.indexOf('?');
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  if (!path.includes('%') && !path.includes('\0')) return done();
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return done(new AppError('invalid_characters'));
  }
  done(hasUnstorableText(decoded) ? new AppError('invalid_characters') : undefined);
}

function errorBody(code: 'invalid_characters' | 'validation_failed' | 'internal'): ErrorBody {
  return { error: { code, message: errorMessages[code] } };
}

/**
 * Fastify's `frameworkErrors`: the router refuses a path whose parameters it cannot decode
 * before any hook runs; the client gets the same answer as for a broken query string.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const code =
    error.code === 'FST_ERR_BAD_URL'
      ? 'invalid_characters'
      : (error.statusCode ?? 500) < 500
        ? 'validation_failed'
        : 'internal';
  void reply.code(errorStatus[code]).send(errorBody(code));
}
