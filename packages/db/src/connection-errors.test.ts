import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { connectionFailureIn, isDatabaseUnavailable, markFromDatabase } from './connection-errors';

/** drizzle's error for a query that failed with `cause`. */
function failedQuery(cause: unknown) {
  return new DrizzleQueryError('select 1', [], cause as Error);
}

/** An error as node-postgres builds one from the server's ErrorResponse. */
function serverError(code: string, message: string) {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['pg_terminate_backend', serverError('57P01', 'terminating connection due to administrator command')],
    ['a starting server', serverError('57P03', 'the database system is starting up')],
    ['idle_session_timeout', serverError('57P05', 'terminating connection due to idle-session timeout')],
    ['too many connections', serverError('53300', 'too many connections for role "doppel"')],
    ['a connection exception (class 08)', serverError('08006', 'connection failure')],
  ])('recognises %s, wrapped or not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(failedQuery(error))).toBe(true);
  });

  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    [
      'several addresses refused',
      new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })], 'connect'),
    ],
  ])('recognises %s under a failed query or a failed checkout', (_name, error) => {
    expect(isDatabaseUnavailable(failedQuery(error))).toBe(true);
    expect(isDatabaseUnavailable(markFromDatabase(error))).toBe(true);
  });

  it.each([
    ['a syntax error', failedQuery(serverError('42601', 'syntax error at or near "selec"'))],
    [
      'a unique violation',
      failedQuery(serverError('23505', 'duplicate key value violates unique constraint')),
    ],
    [
      'a cancelled statement',
      failedQuery(serverError('57014', 'canceling statement due to statement timeout')),
    ],
    [
      'an outside service refusing the connection',
      new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) }),
    ],
    ['a bug of ours', new TypeError('Cannot read properties of undefined')],
    ['not an error', 'Connection terminated'],
  ])('does not take %s for an outage', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('finds the failure under drizzle’s query error, without its parameters', () => {
    const wrapped = new DrizzleQueryError(
      'insert into users (email, password_hash) values ($1, $2)',
      ['owner@example.com', '$argon2id$v=19$secret'],
      serverError('57P01', 'terminating connection due to administrator command'),
    );
    expect(connectionFailureIn(wrapped)).toEqual({
      code: '57P01',
      message: 'terminating connection due to administrator command',
    });
    expect(JSON.stringify(connectionFailureIn(wrapped))).not.toContain('argon2id');
  });
});
