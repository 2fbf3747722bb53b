import type { Session, User } from '@doppel/contracts';
import { vi } from 'vitest';

/**
 * A tiny stand-in for our server behind `fetch`: routes "METHOD /path" to handlers that answer
 * with real Response objects. Tests stub the global fetch with it instead of mocking our modules.
 */
export interface FakeRequest {
  method: string;
  path: string;
  /** The query string's parameters (routes are matched on the path alone). */
  query: URLSearchParams;
  headers: Headers;
  /** Parsed JSON, or the FormData itself for a multipart request. */
  body: unknown;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
  /** Sent as is instead of JSON: a server-sent event stream, say. */
  rawBody?: string;
  /** A body the test writes to while the page reads it: a stream that is still coming. */
  stream?: ReadableStream<Uint8Array>;
  headers?: Record<string, string>;
}

/** Returns a reply, or throws to simulate a network failure. */
export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export function errorReply(
  status: number,
  code: string,
  message = '',
  extra: Record<string, unknown> = {},
): FakeReply {
  return { status, body: { error: { code, message, ...extra } } };
}

/** Answers each call with the next reply in turn; the last one repeats. */
export function sequence(...replies: Array<FakeReply | Error>): FakeHandler {
  let index = 0;
  return () => {
    const reply = replies[Math.min(index, replies.length - 1)]!;
    index++;
    if (reply instanceof Error) throw reply;
    return reply;
  };
}

export function createFakeApi(routes: Record<string, FakeHandler | FakeReply> = {}) {
  const calls: FakeRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const body =
      typeof init.body === 'string'
        ? JSON.parse(init.body)
        : init.body instanceof FormData
          ? init.body
          : undefined;
    const request: FakeRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body,
    };
    calls.push(request);
    const route = routes[`${method} ${url.pathname}`];
    const reply =
      route === undefined
        ? errorReply(404, 'not_found', 'Not found')
        : typeof route === 'function'
          ? await route(request)
          : route;
    const status = reply.status ?? 200;
    const text =
      reply.stream ?? reply.rawBody ?? (reply.body === undefined ? null : JSON.stringify(reply.body));
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  return {
    fetch,
    calls,
    /** Calls to one route, e.g. callsTo('POST /api/auth/refresh'). */
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
    route: (key: string, handler: FakeHandler | FakeReply) => {
      routes[key] = handler;
    },
    install: () => vi.stubGlobal('fetch', fetch),
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: '6f1c1b8e-8a53-4c2f-9b0e-3d2f1a7c9e10',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    fullName: 'Ada Lovelace',
    avatarUrl: null,
    emailVerified: true,
    pendingEmail: null,
    isDemo: false,
    demoExpiresAt: null,
    createdAt: '2025-03-14T10:00:00.000Z',
    updatedAt: '2025-03-14T10:00:00.000Z',
    ...overrides,
  };
}

let tokenCounter = 0;

/** A session whose access token lives `lifetimeMs` from now (15 minutes by default). */
export function makeSession(
  overrides: { user?: Partial<User>; lifetimeMs?: number; accessToken?: string } = {},
): Session {
  tokenCounter++;
  return {
    accessToken: overrides.accessToken ?? `access-${tokenCounter}`,
    expiresAt: new Date(Date.now() + (overrides.lifetimeMs ?? 15 * 60 * 1000)).toISOString(),
    user: makeUser(overrides.user),
  };
}
