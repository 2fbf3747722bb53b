import type { FastifyServerOptions } from 'fastify';
import type { LogFn, LoggerOptions } from 'pino';

/*
 * What a logged error may carry (docs/decisions/026). A failed query's error holds every value
 * it was sent — Drizzle's DrizzleQueryError in `params` and in its message and stack, PGlite's
 * error in `params`, PostgreSQL's `detail` ("Key (email)=(a@b.c) already exists"), `where`
 * (the JSON text being parsed) and, for a bad value, the message itself ('invalid input syntax
 * for type uuid: "$argon2id$…"'). Those values are password and API-key hashes, emails,
 * encrypted secrets. Every logger the server makes goes through here, so the one `err`
 * serializer removes them and no call site can forget: the SQL text and the SQLSTATE code stay.
 */

/** Properties that hold a query's values, on any error of the chain. */
const VALUE_KEYS = new Set(['params', 'parameters', 'queryOptions', 'detail', 'where', 'internalQuery']);

/** What PostgreSQL reports about an error without quoting data. */
const DATABASE_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
  'position',
] as const;

/**
 * SQLSTATE classes whose messages quote only names (integrity constraints, syntax and access
 * rules, catalog and schema names): their quotes stay. In every other class a quoted part may be
 * a value the query was sent (22: data exception).
 */
const NAMES_ONLY_CLASSES = new Set(['23', '42', '3D', '3F']);

const SQLSTATE = /^[0-9A-Z]{5}$/;

type ErrorLike = Error & Record<string, unknown>;

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';
}

/** PostgreSQL's (node-postgres and PGlite): a SQLSTATE code and a severity. */
function isDatabaseError(error: ErrorLike): boolean {
  return typeof error.code === 'string' && SQLSTATE.test(error.code) && typeof error.severity === 'string';
}

/** Drizzle's: the SQL text, and its values both in `params` and after "params:" in the message. */
function isQueryError(error: ErrorLike): boolean {
  return typeof error.query === 'string' && 'params' in error;
}

function redactQuoted(text: string): string {
  return text.replace(/"(?:[^"]|"")*"/g, '"[redacted]"');
}

/** The message without values; the same words a log reader would search for otherwise. */
function safeMessage(error: ErrorLike): string {
  let message = error.message;
  if (isQueryError(error)) message = message.split('\nparams:')[0]!;
  if (isDatabaseError(error) && !NAMES_ONLY_CLASSES.has((error.code as string).slice(0, 2))) {
    message = redactQuoted(message);
  }
  return message;
}

/**
 * The stack repeats the message before its frames: rebuilt with the safe message. The frames
 * are found after the whole original message, which may itself hold lines that look like them.
 */
function safeStack(error: ErrorLike, message: string): string | undefined {
  if (typeof error.stack !== 'string' || message === error.message) return error.stack;
  const at = error.stack.indexOf(error.message);
  const frames = at >= 0 ? error.stack.slice(at + error.message.length) : '';
  return `${error.name}: ${message}${frames}`;
}

function typeOf(error: ErrorLike): string {
  // PGlite's class name is minified; node-postgres's is this one.
  if (isDatabaseError(error)) return 'DatabaseError';
  const constructor = (error as { constructor?: { name?: string } }).constructor;
  return typeof constructor?.name === 'string' && constructor.name !== 'Object'
    ? constructor.name
    : error.name;
}

function serialize(error: ErrorLike, seen: Set<unknown>): Record<string, unknown> {
  seen.add(error);
  const message = safeMessage(error);
  const out: Record<string, unknown> = { type: typeOf(error), message, stack: safeStack(error, message) };
  const nested = (value: unknown) =>
    isErrorLike(value) ? (seen.has(value) ? '[circular]' : serialize(value, seen)) : value;
  if (isDatabaseError(error)) {
    // Only what names the failure, never what was sent.
    for (const field of DATABASE_FIELDS) if (error[field] !== undefined) out[field] = error[field];
    if (typeof error.hint === 'string') out.hint = redactQuoted(error.hint);
    if (isQueryError(error)) out.query = error.query;
  } else {
    for (const key of Object.keys(error)) {
      if (VALUE_KEYS.has(key) || key === 'cause' || key === 'errors' || key in out) continue;
      out[key] = nested(error[key]);
    }
  }
  if (error.cause !== undefined) out.cause = nested(error.cause);
  if (Array.isArray(error.errors)) out.aggregateErrors = error.errors.map(nested);
  return out;
}

/** pino's `err` serializer, without the values a failed query carries (anywhere in the chain). */
export function serializeError(error: unknown): unknown {
  return isErrorLike(error) ? serialize(error, new Set()) : error;
}

/**
 * pino uses the error's own message as the line's message when a call gives none
 * (`log.error(err)`): that would repeat the values the serializer removed.
 */
function withSafeDefaultMessage(this: unknown, args: Parameters<LogFn>, method: LogFn): void {
  const [first, second] = args as unknown[];
  const error = isErrorLike(first) ? first : (first as { err?: unknown } | null)?.err;
  if (second === undefined && isErrorLike(error)) {
    return method.apply(this, [first, safeMessage(error), ...args.slice(2)] as Parameters<LogFn>);
  }
  return method.apply(this, args);
}

/** Query parameters that carry a secret: email links' `token`, WhatsApp's `hub.verify_token`. */
const SECRET_PARAMETER = /token|secret|password|key|signature|code/i;

/**
 * A request line's address without the values of secret query parameters: the web app's email
 * links (/auth/reset?token=…) reach the server as page loads, and each request is logged.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const [name = '', value] = pair.split('=', 2);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is kept as sent and checked as it is.
      }
      return value !== undefined && SECRET_PARAMETER.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, at)}?${query.join('&')}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/** Fastify's own request serializer, with the address redacted. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The Fastify logger option with the safe error and request serializers; `false` stays off. */
export function safeLoggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return logger;
  const options: LoggerOptions = logger === true ? {} : logger;
  return {
    ...options,
    serializers: { ...options.serializers, err: serializeError, req: serializeRequest },
    hooks: { ...options.hooks, logMethod: withSafeDefaultMessage },
  } as FastifyServerOptions['logger'];
}
