import {
  pathOf,
  type AnyRoute,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@doppel/contracts';
import { ApiError, apiErrorFromResponse, isAbortError, networkError } from './api-error';
import type { SessionManager } from './session';

export interface ApiClientOptions {
  /** Prefix for API paths; empty for same-origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Sent as Accept-Language so the server can answer (and write emails) in the interface language. */
  getLanguage?: () => string | undefined;
  /** How often a 502/503/504 answer is retried. */
  transientRetries?: number;
  /** First pause before such a retry; doubles per attempt. */
  transientRetryDelayMs?: number;
}

export interface RequestOptions {
  /** Sends the bearer token and refreshes it on 401. Off for sign-in, sign-up and other public auth calls. */
  auth?: boolean;
  signal?: AbortSignal;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : undefined extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a call of a route sends: its params, query and body, as the route table types them. */
export type CallInput<R extends AnyRoute> = RequestOptions &
  Part<'params', ParamsOf<R>> &
  Part<'query', QueryOf<R>> &
  // JSON of the route's body type; a route without one may take FormData (uploads).
  Part<'body', [BodyOf<R>] extends [undefined] ? FormData | undefined : BodyOf<R>>;

/** Routes without params or a required body may be called without an input. */
type CallArgs<R extends AnyRoute> =
  object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/**
 * The path and query of a route call: its path with the params filled in (encoded), then the query's
 * defined values (`undefined` ones are left out).
 */
export function urlOf(route: AnyRoute, params?: object, query?: object): string {
  const path = pathOf(route, params as Record<string, string> | undefined);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const UPSTREAM_FAILURES = new Set([502, 503, 504]);

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The one way the web app talks to its server: JSON in and out (multipart for uploads), cookies
 * included, the bearer attached, one refresh-and-retry on 401, upstream hiccups retried, and every
 * error body turned into an ApiError.
 */
export class ApiClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly getLanguage: () => string | undefined;
  private readonly transientRetries: number;
  private readonly transientRetryDelayMs: number;

  constructor(
    private readonly session: SessionManager | null,
    options: ApiClientOptions = {},
  ) {
    this.baseUrl = options.baseUrl ?? '';
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.getLanguage = options.getLanguage ?? (() => undefined);
    this.transientRetries = options.transientRetries ?? 2;
    this.transientRetryDelayMs = options.transientRetryDelayMs ?? 300;
  }

  /**
   * Calls a route of the table (contracts routes.ts): the URL is built from its path, params and
   * query, the body sent as JSON (FormData for uploads), and the answer typed as the route's.
   */
  call<R extends AnyRoute>(route: R, ...[input]: CallArgs<R>): Promise<ResponseOf<R>> {
    const { params, query, body, ...options } = (input ?? {}) as CallInput<AnyRoute>;
    return this.request<ResponseOf<R>>(route.method, urlOf(route, params, query), body, options);
  }

  /**
   * Opens a route whose answer is read as it arrives (server-sent events): the same auth,
   * refresh and errors as any call, but the caller gets the open Response to read its body.
   */
  stream<R extends AnyRoute>(route: R, ...[input]: CallArgs<R>): Promise<Response> {
    const { params, query, body, ...options } = (input ?? {}) as CallInput<AnyRoute>;
    return this.respond(route.method, urlOf(route, params, query), body, options);
  }

  private async request<T>(
    method: Method,
    path: string,
    body: unknown,
    options: RequestOptions = {},
  ): Promise<T> {
    const response = await this.respond(method, path, body, options);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    if (!text) return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiError('bad_response', '', response.status);
    }
  }

  /** Sends with the bearer, refreshes and retries once on 401, and throws an ApiError if not ok. */
  private async respond(
    method: Method,
    path: string,
    body: unknown,
    options: RequestOptions,
  ): Promise<Response> {
    const auth = options.auth ?? true;
    const usedToken = auth ? (this.session?.accessToken ?? null) : null;
    let response = await this.send(method, path, body, usedToken, options.signal);

    if (response.status === 401 && auth && this.session) {
      // Another request may already have refreshed while this one was in flight.
      const current = this.session.accessToken;
      const next = current && current !== usedToken ? this.session.session : await this.session.refresh();
      if (next) {
        await response.body?.cancel();
        response = await this.send(method, path, body, next.accessToken, options.signal);
      }
    }

    if (!response.ok) throw await apiErrorFromResponse(response);
    return response;
  }

  private async send(
    method: Method,
    path: string,
    body: unknown,
    token: string | null,
    signal: AbortSignal | undefined,
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const isForm = body instanceof FormData;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const language = this.getLanguage();
    if (language) headers['Accept-Language'] = language;
    const init: RequestInit = {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    };

    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await this.fetchImpl(`${this.baseUrl}${path}`, init);
      } catch (error) {
        if (isAbortError(error)) throw error;
        throw networkError(error);
      }
      if (!this.shouldRetry(method, response.status) || attempt >= this.transientRetries) return response;
      await response.body?.cancel();
      await pause(this.transientRetryDelayMs * 2 ** attempt, signal);
    }
  }

  /**
   * 503 means the server did not take the request, so anything may be sent again. After a 502
   * or 504 a POST may already have happened (an account created, an email sent), so only
   * idempotent methods are repeated.
   */
  private shouldRetry(method: Method, status: number): boolean {
    if (!UPSTREAM_FAILURES.has(status)) return false;
    return status === 503 || method !== 'POST';
  }
}
