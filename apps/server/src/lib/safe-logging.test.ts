import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '@doppel/contracts';
import { apiKeys, eq, sql, users } from '@doppel/db';
import { buildApp, type DoppelApp } from '../app';
import { signedInUser, testConfig, testDatabase } from '../test-support/test-app';
import { redactUrl, serializeError } from './safe-logging';

/*
 * Queries that fail with secrets among their values, run through the app's own paths that log
 * errors: the HTTP error handler, the job queue, background work, and a bare log.error(err).
 * The captured log must name each failure (its SQL, its SQLSTATE) and hold none of the values.
 */

let doppel: DoppelApp;
const logLines: string[] = [];
let secrets: Record<string, string>;

interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  query?: string;
  code?: string;
  cause?: LoggedError;
}
interface LogLine {
  msg: string;
  err?: LoggedError;
  req?: { url: string };
}

const logged = (): LogLine[] => logLines.map((line) => JSON.parse(line) as LogLine);
const linesSaying = (msg: string) => logged().filter((line) => line.msg === msg && line.err);

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  doppel = await buildApp({
    config: testConfig(),
    database: await testDatabase(),
    logger: { level: 'trace', stream: sink },
  });
  const { db } = doppel.ctx;

  // Routes that hit the database as a bug would, with secrets among the query's values.
  doppel.app.post<{ Params: { kind: string } }>('/test/failing-query/:kind', async (request) => {
    switch (request.params.kind) {
      case 'duplicate-email':
        // 23505 unique_violation; PostgreSQL's detail: Key (email)=(…) already exists.
        return db.insert(users).values({ email: secrets.email!, passwordHash: secrets.passwordHash });
      case 'password-hash-as-id':
        // 22P02: invalid input syntax for type uuid: "$argon2id$…" — the value in the message.
        return db.select().from(users).where(eq(users.id, secrets.passwordHash!));
      case 'not-null':
        // 23502; detail: Failing row contains (…, the hash, …).
        return db.execute(
          sql`insert into users (email, password_hash) values (null, ${secrets.passwordHash})`,
        );
      case 'json':
        // 22P02 for json; detail and where ("JSON data, line 1: …") quote the text.
        return db.execute(
          sql`select ${`{"key": "${secrets.apiKey}", "secret": "${secrets.encryptedSecret}"`}::jsonb`,
        );
      default:
        return { ok: true };
    }
  });
  doppel.ctx.jobs.register<{ userId: string }>({
    kind: 'test.failing-query',
    maxAttempts: 1,
    run: async () => {
      await db.execute(sql`select * from api_keys where id = ${secrets.keyHash}::uuid`);
    },
  });
  await doppel.app.ready();

  const user = await signedInUser(doppel);
  const [row] = await db.select().from(users).where(eq(users.id, user.userId));
  const created = await doppel.app.inject({
    method: 'POST',
    url: '/api/keys',
    payload: { name: 'CI' },
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  const apiKey = created.json<CreatedApiKey>();
  const [key] = await db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
  secrets = {
    userId: user.userId,
    email: user.email,
    password: user.password,
    passwordHash: row!.passwordHash!,
    apiKey: apiKey.fullKey,
    keyHash: key!.keyHash,
    accessToken: user.accessToken,
    refreshToken: user.refreshToken,
    encryptedSecret: doppel.ctx.secrets.encryptSecret('sk-live-0123456789abcdef', randomUUID()),
    secretPlaintext: 'sk-live-0123456789abcdef',
  };
  // Only what the failures write is checked (without SMTP_URL the mailer logs the emails it
  // keeps, on purpose: README).
  logLines.length = 0;
});
afterAll(async () => {
  await doppel.app.close();
});

function expectNoSecretLogged() {
  const text = logLines.join('\n');
  for (const [name, value] of Object.entries(secrets)) {
    if (name === 'userId') continue;
    expect(text, name).not.toContain(value);
    // Also the tail of each, in case a value were cut or re-quoted.
    expect(text, name).not.toContain(value.slice(-16));
  }
}

describe('database errors in the log', () => {
  it('names a failed request’s query and SQLSTATE without its values (the error handler)', async () => {
    const cases = [
      ['duplicate-email', /^insert into "users"/, '23505'],
      ['password-hash-as-id', /^select .* from "users" where "users"\."id" = \$1/, '22P02'],
      ['not-null', /^insert into users \(email, password_hash\)/, '23502'],
      ['json', /^select \$1::jsonb/, '22P02'],
    ] as const;
    for (const [kind] of cases) {
      const response = await doppel.app.inject({ method: 'POST', url: `/test/failing-query/${kind}` });
      expect(response.statusCode, kind).toBe(500);
      expect(response.json(), kind).toEqual({ error: { code: 'internal', message: expect.any(String) } });
    }
    const failures = linesSaying('unhandled error');
    expect(failures).toHaveLength(cases.length);
    cases.forEach(([, query, code], index) => {
      const err = failures[index]!.err!;
      expect(err.query).toMatch(query);
      expect(err.message).toMatch(/^Failed query: /);
      expect(err.cause?.code).toBe(code);
      expect(err.stack).toMatch(/^Error: Failed query: [^\n]*\n\s+at /);
    });
    // What PostgreSQL said stays readable where it names no value.
    expect(failures[0]!.err!.cause!.message).toMatch(
      /duplicate key value violates unique constraint "users_email_/,
    );
    expect(failures[1]!.err!.cause!.message).toBe('invalid input syntax for type uuid: "[redacted]"');
    expectNoSecretLogged();
  });

  it('logs a failed job and failed background work without the values', async () => {
    await doppel.ctx.jobs.enqueue(doppel.ctx.db, 'test.failing-query', { userId: secrets.userId! });
    expect(await doppel.ctx.jobs.runDue({ userId: secrets.userId })).toBe(1);
    const [job] = linesSaying('job failed');
    expect(job!.err!.query).toMatch(/^select \* from api_keys where id = \$1::uuid/);
    expect(job!.err!.cause!.code).toBe('22P02');

    doppel.ctx.background.run('token check', async () => {
      await doppel.ctx.db.execute(
        sql`select ${secrets.accessToken}::int, ${secrets.refreshToken}::int, ${secrets.password}::int`,
      );
    });
    await doppel.ctx.background.settled();
    const [work] = linesSaying('token check failed');
    expect(work!.err!.cause!.code).toBe('22P02');
    expectNoSecretLogged();
  });

  it('does not repeat the values as the line’s message when a call gives none', async () => {
    const error = await doppel.ctx.db
      .execute(sql`select ${secrets.email}::uuid, ${secrets.keyHash}::uuid`)
      .catch((failure: unknown) => failure as Error);
    doppel.ctx.log.error(error);
    doppel.ctx.log.error({ err: error });
    const bare = logged().filter((line) => line.msg?.startsWith('Failed query: select $1::uuid'));
    expect(bare).toHaveLength(2);
    expectNoSecretLogged();
  });
});

describe('request lines in the log', () => {
  it('do not carry the token of an emailed link, which reaches the server as a page load', async () => {
    const token = 'zL5PKT8-N_7eic9tb615pECFLjtfxHAmSm_8nR6zmNw';
    await doppel.app.inject({ method: 'GET', url: `/auth/reset?token=${token}&lang=fr` });
    const urls = logged().flatMap((line) => (line.req ? [line.req.url] : []));
    expect(urls).toContain('/auth/reset?token=[redacted]&lang=fr');
    expect(logLines.join('\n')).not.toContain(token);
  });

  it('redact every secret-looking query parameter, however it is spelled', () => {
    expect(redactUrl('/webhooks/whatsapp/1?hub.mode=subscribe&hub.verify_token=abc&hub.challenge=42')).toBe(
      '/webhooks/whatsapp/1?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=42',
    );
    expect(redactUrl('/auth/verify?%74oken=abc')).toBe('/auth/verify?%74oken=[redacted]');
    expect(redactUrl('/api/tasks?q=pricing&page=2')).toBe('/api/tasks?q=pricing&page=2');
    expect(redactUrl('/api/tasks')).toBe('/api/tasks');
    expect(redactUrl('/x?%E0%A4%A=1&api_key=k')).toBe('/x?%E0%A4%A=1&api_key=[redacted]');
  });
});

describe('the err serializer', () => {
  it('keeps other errors as they were: message, stack, own fields, causes', () => {
    const cause = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const error = Object.assign(new Error('the page could not be read', { cause }), { status: 502 });
    expect(serializeError(error)).toEqual({
      type: 'Error',
      message: 'the page could not be read',
      stack: error.stack,
      status: 502,
      cause: { type: 'Error', message: 'socket hang up', stack: cause.stack, code: 'ECONNRESET' },
    });
    expect(serializeError('not an error')).toBe('not an error');
  });

  it('drops values found anywhere in the chain, and survives a cycle', () => {
    const inner = Object.assign(new Error('bind failed'), { params: ['$argon2id$secret'], detail: 'x' });
    const outer = new Error('wrapped', { cause: inner });
    (inner as Error & { cause?: unknown }).cause = outer;
    const text = JSON.stringify(serializeError(outer));
    expect(text).not.toContain('$argon2id$secret');
    expect(text).toContain('[circular]');
  });
});
