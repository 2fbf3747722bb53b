import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * Whether an error means the database could not be reached or dropped the connection, rather
 * than that a query was wrong: the server answers 503 (try again) instead of 500 for these
 * (docs/decisions/025). Query errors arrive wrapped (drizzle's "Failed query", pg's
 * AggregateError for several addresses), so the causes are searched too.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return connectionFailureIn(error) !== undefined;
}

/** Set on errors of checking out a pooled connection (client.ts), which nothing else wraps. */
const FROM_DATABASE = Symbol.for('doppel.fromDatabase');

/** Marks an error as the database's own (see FROM_DATABASE) and returns it. */
export function markFromDatabase<E>(error: E): E {
  if (typeof error === 'object' && error !== null) Object.assign(error, { [FROM_DATABASE]: true });
  return error;
}

/**
 * The error in the chain that says the connection failed: its code and message are safe to log,
 * unlike a wrapping query error's, which carries the query's parameters. SQLSTATEs belong to the
 * database alone; socket errors and the driver's messages count only when the chain shows they
 * came from the database (a failed query, a failed checkout) — an AI provider or a messenger
 * platform refusing a connection is not a database outage.
 */
export function connectionFailureIn(error: unknown): { code?: string; message: string } | undefined {
  const chain = causesOf(error);
  const fromDatabase = chain.some((item) => item instanceof DrizzleQueryError || FROM_DATABASE in item);
  for (const item of chain) {
    const failed = isServerRefusal(item) || (fromDatabase && isBrokenConnection(item));
    if (failed) {
      return {
        code: typeof item.code === 'string' ? item.code : undefined,
        message: typeof item.message === 'string' ? item.message : '',
      };
    }
  }
  return undefined;
}

/** The error and everything it wraps (causes, an AggregateError's errors). */
function causesOf(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const candidate = pending.pop();
    if (typeof candidate !== 'object' || candidate === null || chain.includes(candidate)) continue;
    const item = candidate as ErrorLike;
    chain.push(item);
    pending.push(item.cause);
    if (Array.isArray(item.errors)) pending.push(...(item.errors as unknown[]));
  }
  return chain;
}

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * SQLSTATEs of a server that ended or refused the session: operator intervention
 * (pg_terminate_backend 57P01, crash 57P02, starting up or shutting down 57P03, database
 * dropped 57P04, idle_session_timeout 57P05) and too many connections (53300). Class 08 is
 * connection exceptions as a whole. 57014 (a cancelled statement) is deliberately not here.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P04', '57P05', '53300']);

/** Socket errors of a server that is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * node-postgres's own messages for a connection that ended under a query, was already broken
 * when a query came, or could not be had from the pool in time.
 */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Client was closed/,
];

function isServerRefusal(error: ErrorLike): boolean {
  if (typeof error.code !== 'string') return false;
  return UNAVAILABLE_SQLSTATES.has(error.code) || /^08[0-9A-Z]{3}$/.test(error.code);
}

function isBrokenConnection(error: ErrorLike): boolean {
  if (typeof error.code === 'string' && NETWORK_CODES.has(error.code)) return true;
  return (
    typeof error.message === 'string' &&
    DRIVER_MESSAGES.some((pattern) => pattern.test(error.message as string))
  );
}
