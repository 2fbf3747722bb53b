import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentPassages,
  documents,
  emailOutbox,
  eq,
  jobs,
  openDatabase,
  sql,
  type Database,
} from '@doppel/db';
import { compiledServerEntry } from './test-support/compiled-server';
import { freePort } from './test-support/free-port';
import { faultTestDatabase, type FaultTestDatabase } from './test-support/postgres-faults';

/*
 * Two real server processes on one PostgreSQL, started as in production (the compiled server,
 * scripts/server-build.mjs, ROLE=all), each with its own port and data folder. One is killed with SIGKILL
 * while it processes a document; the other finishes the job once the lease runs out, exactly
 * once. The database is a temporary one on the PostgreSQL of TEST_DATABASE_URL (else the local
 * server on 127.0.0.1:5432): the processes run every job they find, so they must not share the
 * test database with other test files.
 */

const LEASE_MS = 2000;

interface Server {
  name: string;
  url: string;
  child: ChildProcess;
  output: string[];
  dataDir: string;
}

let scratch: FaultTestDatabase;
let database: Database;
const servers: Server[] = [];
let site: http.Server;
let siteUrl: string;
/** Requests the page server received; the first is held open and never answered. */
const pageRequests: http.ServerResponse[] = [];

async function startServer(name: string): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `doppel-cluster-${name}-`));
  const output: string[] = [];
  const child = spawn(process.execPath, [await compiledServerEntry()], {
    env: {
      ...process.env,
      ROLE: 'all',
      DATABASE_URL: scratch.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SECRET_KEY: 'cluster-test-secret-key-that-is-long-enough-0123',
      JOB_LEASE_MS: String(LEASE_MS),
      FETCH_ALLOW_PRIVATE_ADDRESSES: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const server = { name, url: `http://127.0.0.1:${port}`, child, output, dataDir };
  servers.push(server);
  return server;
}

async function ready(server: Server): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.child.exitCode !== null) {
      throw new Error(`server ${server.name} exited during start:\n${server.output.join('')}`);
    }
    const ok = await fetch(`${server.url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`server ${server.name} not ready:\n${server.output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function call<T>(server: Server, method: string, url: string, body?: object, token?: string) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(body && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body && JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} on ${server.name}: HTTP ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function until<T>(what: string, check: () => Promise<T | undefined>, withinMs = 20_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      throw new Error(
        `timed out: ${what}\n${servers.map((s) => `${s.name}: ${s.output.join('')}`).join('\n')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A signed-up, verified and signed-in user, through the HTTP API; the emailed token is read from the outbox. */
async function signedInUser(server: Server): Promise<string> {
  const email = `cluster-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const signUp = await call<{ verified: boolean }>(server, 'POST', '/api/auth/sign-up', {
    fullName: 'Cluster Test',
    email,
    password,
  });
  // The scratch database's first account owns the instance and, without SMTP, needs no link.
  if (!signUp.verified) {
    const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    const token = decodeURIComponent(/[?&]token=([\w%-]+)/.exec(mail!.textBody)![1]!);
    await call(server, 'POST', '/api/auth/verify-email', { token });
  }
  const session = await call<{ accessToken: string }>(server, 'POST', '/api/auth/sign-in', {
    email,
    password,
  });
  return session.accessToken;
}

beforeAll(async () => {
  // Fails here, clearly, when PostgreSQL cannot be reached: this test is never skipped.
  scratch = await faultTestDatabase();
  database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
  site = http.createServer((request, response) => {
    pageRequests.push(response);
    // The first fetch hangs (the process doing it is killed meanwhile); later ones answer.
    if (pageRequests.length === 1) return;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="en"><head><title>Pricing pilots</title></head><body><article>' +
        '<h1>Pricing pilots</h1><p>Every pilot we run is paid, with a start date and a success metric.</p>' +
        '<p>A paid pilot shows commitment and converts into an annual contract.</p></article></body></html>',
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const both = [await startServer('A'), await startServer('B')];
  await Promise.all(both.map(ready));
}, 120_000);

afterAll(async () => {
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
  for (const response of pageRequests) response.destroy();
  await new Promise((resolve) => site?.close(resolve));
  await database?.close();
  await scratch?.drop();
}, 60_000);

describe('two server processes on one PostgreSQL', () => {
  it('keep one row per schedule, however many start', async () => {
    const rows = await database.db
      .select({ kind: jobs.kind, n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(sql`${jobs.singletonKey} is not null`)
      .groupBy(jobs.kind);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.every((row) => row.n === 1)).toBe(true);
  });

  it('finish, exactly once, a job whose process was killed mid-job', async () => {
    const [a, b] = servers as [Server, Server];
    const token = await signedInUser(a);
    const created = await call<{ id: string }>(
      a,
      'POST',
      '/api/documents/links',
      { url: `${siteUrl}/pilots` },
      token,
    );

    // One of the two claims the job and starts fetching the page, which hangs.
    await until('a worker fetches the page', async () => (pageRequests.length === 1 ? true : undefined));
    const [held] = await database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'documentId' = ${created.id}`);
    expect(held).toMatchObject({ status: 'running', attempts: 1 });
    const holderPid = Number(held!.lockedBy!.split(':')[1]);
    const victim = servers.find((server) => server.child.pid === holderPid)!;
    const survivor = victim === a ? b : a;
    expect(victim).toBeDefined();

    const killedAt = Date.now();
    victim.child.kill('SIGKILL');
    await new Promise((resolve) => victim.child.once('exit', resolve));

    // The survivor takes the job over once the lease has run out, and finishes it.
    const document = await until('the survivor processes the document', async () => {
      const found = await call<{ status: string; name: string }>(
        survivor,
        'GET',
        `/api/documents/${created.id}`,
        undefined,
        token,
      );
      return found.status === 'processed' ? found : undefined;
    });
    expect(Date.now() - killedAt).toBeLessThan(LEASE_MS + 10_000);
    expect(document.name).toBe('Pricing pilots');

    // Exactly once: two fetches (the killed one and the survivor's), one set of passages, no job left.
    expect(pageRequests).toHaveLength(2);
    const passages = await database.db
      .select({ position: documentPassages.position })
      .from(documentPassages)
      .where(eq(documentPassages.documentId, created.id));
    expect(passages.length).toBeGreaterThan(0);
    expect(new Set(passages.map((passage) => passage.position)).size).toBe(passages.length);
    const [row] = await database.db.select().from(documents).where(eq(documents.id, created.id));
    expect(row).toMatchObject({ status: 'processed', errorReason: null });
    // The job row goes a moment after the document's commit, when the handler returns.
    await until('the finished job is removed', async () => {
      const left = await database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.payload}->>'documentId' = ${created.id}`);
      return left.length === 0 ? true : undefined;
    });
    expect(pageRequests).toHaveLength(2);
  });
});
