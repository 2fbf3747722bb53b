import {
  allRoutes,
  pathOf,
  type AnyRoute,
  type ParamsOf,
  type ResponseOf,
  type Session,
  type User,
} from '@doppel/contracts';
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

/** A reply of one route of the table: its body is the route's answer, or an error. */
export interface RouteReply<R extends AnyRoute> extends Omit<FakeReply, 'body'> {
  body?: ResponseOf<R> | { error: { code: string; message: string; [extra: string]: unknown } };
}

/** A request to a route of the table, with the params read from its path. */
export interface RouteRequest<R extends AnyRoute> extends FakeRequest {
  params: NonNullable<ParamsOf<R>>;
}

export type RouteFake<R extends AnyRoute> =
  RouteReply<R> | ((request: RouteRequest<R>) => RouteReply<R> | Promise<RouteReply<R>>);

/** 'GET /api/tasks/:id', or with params 'GET /api/tasks/42': how the fake names a route. */
export function routeKey(route: AnyRoute, params?: Record<string, string>): string {
  return `${route.method} ${params ? pathOf(route, params) : route.path}`;
}

/**
 * One route's fake for createFakeApi, typed by the route table:
 * `createFakeApi({ ...fakeRoute(routes.tasks.list, { body: page }) })`. Without params it answers
 * every path of the route (`:id` matches any id); with them, only that path.
 */
export function fakeRoute<R extends AnyRoute>(
  route: R,
  fake: RouteFake<R>,
): Record<string, FakeHandler | FakeReply>;
export function fakeRoute<R extends AnyRoute>(
  route: R,
  params: NonNullable<ParamsOf<R>>,
  fake: RouteFake<R>,
): Record<string, FakeHandler | FakeReply>;
/** A sequence() of replies: not checked against the route's types. */
export function fakeRoute(route: AnyRoute, fake: Sequence): Record<string, FakeHandler | FakeReply>;
export function fakeRoute<R extends AnyRoute>(
  route: R,
  params: NonNullable<ParamsOf<R>>,
  fake: Sequence,
): Record<string, FakeHandler | FakeReply>;
export function fakeRoute(
  route: AnyRoute,
  paramsOrFake: Record<string, string> | RouteFake<AnyRoute> | Sequence,
  maybeFake?: RouteFake<AnyRoute> | Sequence,
): Record<string, FakeHandler | FakeReply> {
  const [params, fake] =
    maybeFake === undefined
      ? [undefined, paramsOrFake as RouteFake<AnyRoute> | Sequence]
      : [paramsOrFake as Record<string, string>, maybeFake];
  return { [routeKey(route, params)]: fake as FakeHandler | FakeReply };
}

/** Paths that are routes of their own: '/api/tasks/counts' is not a task id. */
const STATIC_PATHS = new Set(
  allRoutes()
    .filter((route) => !route.path.includes(':'))
    .map((route) => `${route.method} ${route.path}`),
);

/**
 * The params of `path` if it is a path of the route-pattern `pattern` ('/api/tasks/:id') and not
 * a route of its own.
 */
function matchPath(pattern: string, path: string, method: string): Record<string, string> | null {
  if (pattern.includes(':') && STATIC_PATHS.has(`${method} ${path}`)) return null;
  const names: string[] = [];
  const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_whole, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${source}$`).exec(path);
  if (!match) return null;
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
}

/** The server's error answer: `{ error: { code, message, … } }`. */
export interface ErrorReply extends FakeReply {
  status: number;
  body: { error: { code: string; message: string; [extra: string]: unknown } };
}

export function errorReply(
  status: number,
  code: string,
  message = '',
  extra: Record<string, unknown> = {},
): ErrorReply {
  return { status, body: { error: { code, message, ...extra } } };
}

/** The answer of a route that only says it is done: `{ ok: true }`. */
export const OK_REPLY: { body: { ok: true } } = { body: { ok: true } };

/** Answers each call with the next reply in turn; the last one repeats. */
/** A handler made by sequence(): its replies are not checked against a route's types. */
export type Sequence = FakeHandler & { readonly isSequence: true };

export function sequence(...replies: Array<FakeReply | Error>): Sequence {
  let index = 0;
  const handler: FakeHandler = () => {
    const reply = replies[Math.min(index, replies.length - 1)]!;
    index++;
    if (reply instanceof Error) throw reply;
    return reply;
  };
  return Object.assign(handler, { isSequence: true as const });
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
    let route = routes[`${method} ${url.pathname}`];
    let params: Record<string, string> = {};
    if (route === undefined) {
      // A route faked by its pattern ('GET /api/tasks/:id') answers each of its paths.
      for (const [key, candidate] of Object.entries(routes)) {
        const [keyMethod, pattern] = key.split(' ') as [string, string];
        const matched =
          keyMethod === method && pattern.includes(':') ? matchPath(pattern, url.pathname, method) : null;
        if (matched) {
          route = candidate;
          params = matched;
          break;
        }
      }
    }
    const reply =
      route === undefined
        ? errorReply(404, 'not_found', 'Not found')
        : typeof route === 'function'
          ? await route(Object.assign(request, { params }))
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
    /**
     * Calls to one route: callsTo(routes.auth.refresh), callsTo(routes.tasks.get, { id }) for one
     * path of it, or callsTo(routes.auth.refresh).
     */
    callsTo: (route: string | AnyRoute, params?: Record<string, string>) =>
      calls.filter((call) =>
        typeof route === 'string'
          ? `${call.method} ${call.path}` === route
          : call.method === route.method &&
            (params
              ? call.path === pathOf(route, params)
              : matchPath(route.path, call.path, call.method) !== null),
      ),
    route: (key: string | AnyRoute, handler: FakeHandler | FakeReply) => {
      routes[typeof key === 'string' ? key : routeKey(key)] = handler;
    },
    /** Fakes one route of the table (typed as fakeRoute), or one path of it with params. */
    fake<R extends AnyRoute>(route: R, fake: RouteFake<R>) {
      Object.assign(routes, fakeRoute<R>(route, fake));
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
    mfaEnabled: false,
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
