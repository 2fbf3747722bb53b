// The server's memory (RSS of its process and any child processes, from /proc): idle after
// start, after a burst of list requests, and idle again after it, on the embedded database
// (PGlite) and, with BENCH_DATABASE_URL, on PostgreSQL. The server runs as `npm start` runs it
// (warm web build) on a data directory holding 20,000 tasks of one user.
// Budgets (PGlite): ≤ 300 MB idle after start, ≤ 400 MB after the burst (docs/decisions/054).
//
// Runs through tsx (bench/run.mjs): it seeds the data with the server's own TypeScript.
// Options: --rounds N (default 3: each round is a fresh start on the same data), --requests N
// (default 5000 per burst).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from './lib/private-postgres.mjs';
import { launchServer } from './lib/server.mjs';
import { runClients } from './lib/http-load.mjs';
import { buildWeb, webBuildIsStale } from '../scripts/web-build.mjs';

const { values: options } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, requests: { type: 'string', default: '5000' } },
});
const ROUNDS = Number(options.rounds);
const REQUESTS = Number(options.requests);
const TASKS = 20_000;
const IDLE_BUDGET_MB = 300;
const LOADED_BUDGET_MB = 400;
const SECRET_KEY = 'bench-memory-secret-key-that-is-long-enough-0123456789';
const PASSWORD = 'correct horse battery';

const { openDatabase, tasks } = await import('../packages/db/src/index.ts');
const { createAccount } = await import('../apps/server/src/modules/auth/create-account.ts');
const { hashPassword } = await import('../apps/server/src/modules/auth/passwords.ts');

if (webBuildIsStale()) {
  console.info('memory: building the web app first (not measured)…');
  buildWeb();
}

const backends = [{ kind: 'pglite' }];
if (process.env.BENCH_DATABASE_URL) backends.push({ kind: 'postgres', url: process.env.BENCH_DATABASE_URL });

const mb = (kb) => kb / 1024;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const backend of backends) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doppel-memory-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: backend.url ?? '', SECRET_KEY };
  const email = `memory-bench-${randomUUID()}@example.com`;
  await seed(backend.url ? { kind: 'postgres', url: backend.url } : { kind: 'pglite', dataDir }, email);
  const port = await freePort();
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const server = await launchServer(port, env);
    const pid = server.child.pid;
    // Start-up's garbage and the first timers settle before "idle" is read.
    await sleep(3_000);
    const idle = rssKb(pid);
    const token = await signIn(server.url, email);
    await runClients({
      address: server.url,
      token,
      clients: 50,
      requests: REQUESTS,
      queries: [
        '/api/tasks',
        '/api/tasks?status=pending',
        '/api/tasks?priority=high',
        '/api/tasks?limit=100',
        '/api/tasks?type=message_reply&limit=50',
      ],
    });
    const loaded = rssKb(pid);
    await sleep(5_000);
    const after = rssKb(pid);
    rounds.push({ idle, loaded, after, peak: peakKb(pid) });
    await server.stop();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  const figure = (key) =>
    `median ${mb(median(rounds.map((r) => r[key]))).toFixed(0)} MB (runs ${rounds.map((r) => mb(r[key]).toFixed(0)).join(' / ')})`;
  const budget = (key, limitMb) => {
    if (backend.kind !== 'pglite') return '';
    const value = mb(median(rounds.map((r) => r[key])));
    return ` — budget ${limitMb} MB: ${value <= limitMb ? 'within' : 'OVER'}`;
  };
  console.info(
    `server memory (RSS, process and children) — ${backend.kind}, ${TASKS.toLocaleString('en')} tasks`,
  );
  console.info(`  idle after start:            ${figure('idle')}${budget('idle', IDLE_BUDGET_MB)}`);
  console.info(
    `  after ${REQUESTS} list requests:  ${figure('loaded')}${budget('loaded', LOADED_BUDGET_MB)}`,
  );
  console.info(`  idle 5 s after the burst:    ${figure('after')}${budget('after', LOADED_BUDGET_MB)}`);
  console.info(`  peak (VmHWM, main process):  ${figure('peak')}`);
}

/** One account with 20,000 tasks, written straight into the database before the server starts. */
async function seed(databaseOptions, email) {
  const database = await openDatabase(databaseOptions);
  const now = new Date();
  const { userId } = await database.db.transaction(async (tx) =>
    createAccount(tx, {
      email,
      fullName: 'Memory Bench',
      passwordHash: await hashPassword(PASSWORD),
      language: 'en',
      emailVerifiedAt: now,
      demoExpiresAt: null,
      paymentMethod: null,
      now,
    }),
  );
  for (let start = 0; start < TASKS; start += 1000) {
    await database.db.insert(tasks).values(
      Array.from({ length: 1000 }, (_, i) => ({
        userId,
        type: i % 2 ? 'message_reply' : 'proactive_message',
        priority: ['low', 'medium', 'high'][i % 3],
        status: ['pending', 'in_progress', 'completed'][(i >> 2) % 3],
        title: `Task ${start + i}`,
        description: 'A suggested reply to an inbound message about a partnership.',
        createdAt: new Date(now.getTime() - (start + i) * 60_000),
      })),
    );
  }
  await database.refreshStatistics();
  await database.close();
}

async function signIn(url, email) {
  const response = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in: HTTP ${response.status}`);
  return (await response.json()).accessToken;
}

/** VmRSS of a process and all its descendants, in kB (Linux /proc). */
function rssKb(pid) {
  let total = statusField(pid, 'VmRSS');
  for (const child of childrenOf(pid)) total += rssKb(child);
  return total;
}

function peakKb(pid) {
  return statusField(pid, 'VmHWM');
}

function statusField(pid, field) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
}

function childrenOf(pid) {
  const children = [];
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const listed = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (listed) children.push(...listed.split(/\s+/).map(Number));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return children;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
