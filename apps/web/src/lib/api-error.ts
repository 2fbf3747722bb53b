import { errorCodes, errorReasons, type ErrorCode, type ErrorReason } from '@doppel/contracts';
import { isOneOf } from './utils';

/** Codes the server sends plus the two the client can only tell on its own. */
export type ApiErrorCode = ErrorCode | 'network_error' | 'bad_response';

/** Any failed call to our server, with the server's `{ error }` body unpacked. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    /** Field path → message key, for validation errors. */
    readonly fields?: Record<string, string>,
    /** Seconds until a rate-limited request may be retried. */
    readonly retryAfter?: number,
    /** Which refusal it is, when the server said and this app knows it (errorReasons:<reason>). */
    readonly reason?: ErrorReason,
  ) {
    super(message);
  }

  /** Worth trying again later without any change: network loss, rate limits, overloaded upstreams. */
  get isTransient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const knownCodes = new Set<string>(errorCodes);
/** The server's reason if this app knows it; a newer server's unknown one is left out. */
export function knownReason(value: unknown): ErrorReason | undefined {
  return typeof value === 'string' && isOneOf(errorReasons, value) ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function codeForStatus(status: number): ApiErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'payload_too_large';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'internal';
  return 'bad_response';
}

function retryAfterHeader(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** The error a stream reports in its last event, with an unknown code read as 'internal'. */
export function apiErrorFromStreamEvent(error: { code: string; message: string; reason?: string }): ApiError {
  const code = knownCodes.has(error.code) ? (error.code as ErrorCode) : 'internal';
  return new ApiError(code, error.message, 200, undefined, undefined, knownReason(error.reason));
}

/**
 * Builds an ApiError from a non-2xx response. The body is read leniently (a proxy may answer
 * with HTML); a missing message stays empty so screens can fall back to their own text.
 */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const rawCode = typeof error?.code === 'string' ? error.code : undefined;
  const code = rawCode && knownCodes.has(rawCode) ? (rawCode as ErrorCode) : codeForStatus(response.status);
  const message = typeof error?.message === 'string' ? error.message : '';
  const fields =
    isRecord(error?.fields) && Object.values(error.fields).every((value) => typeof value === 'string')
      ? (error.fields as Record<string, string>)
      : undefined;
  const retryAfter = typeof error?.retryAfter === 'number' ? error.retryAfter : retryAfterHeader(response);
  return new ApiError(code, message, response.status, fields, retryAfter, knownReason(error?.reason));
}

/** A fetch that threw: the network is down or the server is unreachable. */
export function networkError(cause: unknown): ApiError {
  const error = new ApiError('network_error', '', 0);
  (error as { cause?: unknown }).cause = cause;
  return error;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException
    ? error.name === 'AbortError'
    : isRecord(error) && (error as { name?: unknown }).name === 'AbortError';
}
