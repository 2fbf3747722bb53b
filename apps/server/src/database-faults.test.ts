/*
 * Dropped PostgreSQL connections (docs/decisions/025). On a real server — these are fault tests,
 * PGlite has no connections to drop — in a temporary database of their own: sessions are ended
 * with pg_terminate_backend, the database is taken away behind a TCP proxy, idle sessions are
 * timed out by the role's idle_session_timeout, and the real server process is run as a child.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@doppel/db';
import { buildApp, type DoppelApp } from './app';
import { openEventStream } from './test-support/event-stream';
import { compiledServerEntry } from './test-support/compiled-server';
import { freePort } from './test-support/free-port';
import { signedInUser, testConfig } from './test-support/test-app';
import {
  faultTestDatabase,
  startTcpProxy,
  uniqueApplicationName,
  withApplicationName,
  withUser,
  type FaultTestDatabase,
} from './test-support/postgres-faults';

let database: FaultTestDatabase;
beforeAll(async () => {
  database = await faultTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.drop();
});

/** The app on its own pool and listener, named so the test can find their sessions. */
async function startApp(url: string, poolSize = 4) {
  const applicationName = uniqueApplicationName();
  const db = await openDatabase({
    kind: 'postgres',
    url: withApplicationName(url, applicationName),
    poolSize,
  });
  const doppel = await buildApp({ config: testConfig(), database: db, logger: false });
  const baseUrl = await doppel.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    doppel,
    baseUrl,
    applicationName,
    database: db,
    async stop() {
      await doppel.app.close();
      await db.close();
    },
  };
}

type Running = Awaited<ReturnType<typeof startApp>>;

async function createTask(doppel: DoppelApp, accessToken: string) {
  return doppel.app.inject({
    method: 'POST',
    url: '/api/tasks',
    headers: { authorization: `Bearer ${accessToken}` },
    payload: { title: 'After the fault', type: 'message_reply' },
  });
}

/**
 * Creates a task, retrying while the answer is 503 (a request that met the fault): every answer
 * is either the 503 with its code or a success, never anything else.
 */
async function createTaskThroughFault(doppel: DoppelApp, accessToken: string, withinMs = 5_000) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const response = await createTask(doppel, accessToken);
    if (response.statusCode !== 503) {
      expect(response.statusCode).toBe(201);
      return response.json<{ id: string }>().id;
    }
    expect(response.json().error.code).toBe('database_unavailable');
    if (Date.now() > deadline) throw new Error('still 503 after the fault');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Stream = Awaited<ReturnType<typeof openEventStream>>;

/**
 * After a fault at `faultAt`: a change made right away reaches the open tab — as its own event,
 * or, when the listener was still reconnecting as it committed, through the resync the tab gets
 * once it is back (the web app then refetches everything) — and within 5 s of the fault the
 * stream delivers changes as events again.
 */
async function expectLiveAgain(doppel: DoppelApp, accessToken: string, tab: Stream, faultAt: number) {
  const writeStartedAt = Date.now();
  const first = await createTaskThroughFault(doppel, accessToken);
  const resyncAt = await waitFor(
    () => tab.arrivedAt.find((at, i) => tab.received[i]!.event === 'resync' && at >= faultAt),
    5_000,
    'the resync after the listener reconnected',
  );
  const seen = tab.received.some((item) => item.data.taskId === first);
  expect(seen || resyncAt >= writeStartedAt).toBe(true);
  const next = await createTaskThroughFault(doppel, accessToken);
  const delivered = await waitFor(
    () => tab.received.find((item) => item.data.taskId === next),
    Math.max(faultAt + 5_000 - Date.now(), 0),
    'a change as its own event within 5 s of the fault',
  );
  expect(delivered.event).toBe('task.created');
}

async function waitFor<T>(find: () => T | undefined, withinMs: number, what: string): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a dropped PostgreSQL connection', () => {
  let running: Running;
  beforeAll(async () => {
    running = await startApp(database.url);
  }, 60_000);
  afterAll(async () => {
    await running?.stop();
  });

  it('leaves the app answering when its pool and listener are terminated; live updates resume within 5 s', async () => {
    const { doppel, baseUrl, applicationName } = running;
    const user = await signedInUser(doppel);
    const tab = await openEventStream(baseUrl, user.accessToken);
    try {
      // The pool holds a connection or more, the listener one.
      expect(await database.terminate(applicationName)).toBeGreaterThanOrEqual(2);
      await expectLiveAgain(doppel, user.accessToken, tab, Date.now());
      expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);
      // The terminated connections left the pool: it has only live ones, and nobody waits.
      const stats = running.database.poolStats()!;
      expect(stats.total).toBeGreaterThanOrEqual(1);
      expect(stats.total).toBeLessThanOrEqual(4);
      expect(stats.waiting).toBe(0);
    } finally {
      await tab.close();
    }
  });

  it('keeps writes quick while only the listener is down, and streams again once it is back', async () => {
    const { doppel, baseUrl, applicationName } = running;
    const user = await signedInUser(doppel);
    const tab = await openEventStream(baseUrl, user.accessToken);
    try {
      expect(await database.terminate(applicationName, 'listener')).toBe(1);
      const faultAt = Date.now();
      // A write waits for its own change to come back through the listener (caughtUp): with the
      // listener down it must not hang until the 2 s time-out.
      const started = performance.now();
      await createTaskThroughFault(doppel, user.accessToken);
      expect(performance.now() - started).toBeLessThan(1_500);
      await expectLiveAgain(doppel, user.accessToken, tab, faultAt);
    } finally {
      await tab.close();
    }
  });
});

describe('an outage of the database', () => {
  it('answers 503 database_unavailable with Retry-After meanwhile, and works again after', async () => {
    const proxy = await startTcpProxy(database.url);
    const running = await startApp(proxy.url(database.url));
    const { doppel, baseUrl } = running;
    try {
      const user = await signedInUser(doppel);
      const tab = await openEventStream(baseUrl, user.accessToken);
      try {
        await proxy.cut();
        const during = await createTask(doppel, user.accessToken);
        expect(during.statusCode).toBe(503);
        expect(during.headers['retry-after']).toBe('5');
        expect(during.json()).toEqual({
          error: {
            code: 'database_unavailable',
            message: 'The service is briefly unavailable. Please try again in a few seconds.',
            retryAfter: 5,
          },
        });
        const read = await doppel.app.inject({
          method: 'GET',
          url: '/api/tasks',
          headers: { authorization: `Bearer ${user.accessToken}` },
        });
        // Either the cached session let it through to a query, or the session check hit the fault.
        expect(read.statusCode).toBe(503);
        expect(read.json().error.code).toBe('database_unavailable');
        const ready = await fetch(`${baseUrl}/readyz`);
        expect(ready.status).toBe(503);
        expect(await ready.json()).toEqual({ status: 'unavailable' });

        await proxy.restore();
        await expectLiveAgain(doppel, user.accessToken, tab, Date.now());
        expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);
      } finally {
        await tab.close();
      }
    } finally {
      await running.stop();
      await proxy.close();
    }
  });
});

describe('a connection that died silently in the pool', () => {
  it('is given back when a transaction’s BEGIN finds it dead, so the pool does not shrink', async () => {
    const proxy = await startTcpProxy(database.url);
    // One connection: should the dead one never come back, every later query would wait for it.
    const running = await startApp(proxy.url(database.url), 1);
    const { doppel } = running;
    try {
      const user = await signedInUser(doppel);
      // The session check is remembered for a few seconds: the next write starts with its
      // transaction's BEGIN, on the pool's one idle connection.
      const warm = await doppel.app.inject({
        method: 'GET',
        url: '/api/tasks',
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      expect(warm.statusCode).toBe(200);
      proxy.severSilently();
      const hit = await createTask(doppel, user.accessToken);
      expect(hit.statusCode).toBe(503);
      expect(hit.json().error.code).toBe('database_unavailable');
      const next = await createTask(doppel, user.accessToken);
      expect(next.statusCode).toBe(201);
      expect(running.database.poolStats()).toMatchObject({ total: 1, waiting: 0 });
    } finally {
      await running.stop();
      await proxy.close();
    }
  });
});

describe('idle_session_timeout on the role', () => {
  it('ends idle pooled connections without ending the process; the listener is exempt', async () => {
    const role = `doppel_idle_${Date.now().toString(36)}`;
    await database.admin.query(`create role ${role} login superuser`);
    await database.admin.query(`alter role ${role} set idle_session_timeout = '250ms'`);
    const running = await startApp(withUser(database.url, role));
    try {
      const { doppel, baseUrl, applicationName } = running;
      const user = await signedInUser(doppel);
      const tab = await openEventStream(baseUrl, user.accessToken);
      try {
        const listenerPid = async () =>
          (
            await database.admin.query<{ pid: number }>(
              `select pid from pg_stat_activity where application_name = $1 and query ilike 'listen %'`,
              [applicationName],
            )
          ).rows[0]?.pid;
        const before = await listenerPid();
        expect(before).toBeDefined();
        // Long enough for every idle pooled connection to be timed out, several times over.
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        const taskId = await createTaskThroughFault(doppel, user.accessToken);
        await waitFor(
          () => tab.received.find((item) => item.data.taskId === taskId),
          5_000,
          'the change on the open /events stream',
        );
        expect(await listenerPid()).toBe(before);
      } finally {
        await tab.close();
      }
    } finally {
      await running.stop();
      await database.terminate(running.applicationName);
      await database.admin.query(`drop role ${role}`);
    }
  });
});

describe('the server process', () => {
  it('does not exit when all its database connections are terminated', { timeout: 90_000 }, async () => {
    const applicationName = uniqueApplicationName();
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doppel-faults-'));
    let stderr = '';
    const child = spawn(process.execPath, [await compiledServerEntry()], {
      env: {
        ...process.env,
        DATABASE_URL: withApplicationName(database.url, applicationName),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SECRET_KEY: 'fault-test-secret-key-that-is-long-enough-0123',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const baseUrl = `http://127.0.0.1:${port}`;
    const ready = async () => (await fetch(`${baseUrl}/readyz`).catch(() => null))?.status === 200;
    try {
      await waitForAsync(ready, 60_000, () => `the server to start (${stderr})`);
      // The real-world failure: exit code 1 within 100 ms of the first terminated connection.
      for (let round = 0; round < 3; round++) {
        expect(await database.terminate(applicationName)).toBeGreaterThanOrEqual(1);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(child.exitCode, stderr).toBeNull();
      }
      await waitForAsync(ready, 5_000, () => 'ready again after the terminations');
      const signUp = await fetch(`${baseUrl}/api/auth/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          fullName: 'After',
          email: `after-${port}@example.com`,
          password: 'correct horse',
        }),
      });
      expect(signUp.status).toBeLessThan(300);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

async function waitForAsync(check: () => Promise<boolean>, withinMs: number, what: () => string) {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Waited in vain for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
