// Database faults under write load (issue 17, docs/decisions/025). The server runs as a child
// process on a PostgreSQL cluster of this benchmark's own; several clients create tasks through
// the API while every 2 s all of the app's database sessions are terminated
// (pg_terminate_backend), and at the end PostgreSQL is restarted once (pg_ctl restart -m
// immediate: a crash, recovered from the WAL). Then every acknowledged write (a 2xx answer with
// the task's id) is looked up. Budgets: 0 acknowledged writes lost, 0 process exits.
//
// A server process that exits is started again and counted, so the figures of a server without
// the fix (`--checkout /work/main`) stay comparable.
//
// Options: --seconds N (fault phase, default 60), --clients N (default 8),
// --checkout DIR (the server of another checkout).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startPrivatePostgres, freePort } from './lib/private-postgres.mjs';
import { launchServer, root } from './lib/server.mjs';

const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    clients: { type: 'string', default: '8' },
    checkout: { type: 'string', default: root },
  },
});
const SECONDS = Number(options.seconds);
const CLIENTS = Number(options.clients);
const TERMINATE_EVERY_MS = 2_000;
/** Load keeps running this long after the restart, to show the server is back. */
const AFTER_RESTART_MS = 5_000;
const BASELINE_MS = 5_000;
const APPLICATION_NAME = 'doppel-bench-faults';

const postgres = await startPrivatePostgres();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doppel-faults-'));
const port = await freePort();
const env = {
  DATABASE_URL: `${postgres.url}?application_name=${APPLICATION_NAME}`,
  DATA_DIR: dataDir,
  SECRET_KEY: 'bench-faults-secret-key-that-is-long-enough-0123456789',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
};

let admin = null;
/** An administrator's session; opened again after the restart ended the last one. */
async function adminQuery(text, values) {
  if (!admin) {
    const client = new pg.Client({ connectionString: postgres.url, application_name: 'bench-admin' });
    client.on('error', () => {
      if (admin === client) admin = null;
    });
    await client.connect();
    admin = client;
  }
  return admin.query(text, values);
}

// The server, started again (and counted) whenever it exits on its own.
let server = await launchServer(port, env, { serverOnly: true, checkout: options.checkout });
let exits = 0;
let finished = false;
const supervise = async () => {
  let ended = server.exited;
  while (!finished) {
    const { code, signal } = await ended;
    if (finished) return;
    exits++;
    console.warn(`  the server exited (code ${code ?? signal}); starting it again`);
    try {
      server = await launchServer(port, env, { serverOnly: true, checkout: options.checkout });
      ended = server.exited;
      // The benchmark ended while it was starting: it is not left behind.
      if (finished) await server.stop();
    } catch {
      // It died again while starting (a termination hit its start-up): that is one more exit.
      ended = Promise.resolve({ code: 'during start-up' });
    }
  }
};
const supervising = supervise();

const accessToken = await signUp(server.url);

// Writers: create tasks one after another until told to stop.
const acknowledged = [];
const latencies = [];
const statuses = new Map();
let networkErrors = 0;
let stopWriting = false;
let lastSuccessAt = 0;
let sequence = 0;
async function writer() {
  while (!stopWriting) {
    const n = sequence++;
    const started = performance.now();
    try {
      const response = await fetch(`${server.url}/api/tasks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Fault load ${n}`, type: 'message_reply' }),
      });
      const body = await response.json().catch(() => null);
      latencies.push(performance.now() - started);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.ok && body?.id) {
        acknowledged.push(body.id);
        lastSuccessAt = performance.now();
      } else if (response.status === 503) {
        await sleep(50);
      }
    } catch {
      // The process is gone or restarting: not acknowledged, try again shortly.
      networkErrors++;
      await sleep(100);
    }
  }
}
const writing = Promise.all(Array.from({ length: CLIENTS }, writer));

// A few seconds without faults first: the latency the faults are compared with.
await sleep(BASELINE_MS);
latencies.sort((a, b) => a - b);
const baselineP99 = percentile(latencies, 99);
const baselineP50 = percentile(latencies, 50);
latencies.length = 0;

// Faults: terminate every session of the app every 2 s, then restart PostgreSQL once.
let terminations = 0;
let terminated = 0;
const faultsStartedAt = performance.now();
while (performance.now() - faultsStartedAt < SECONDS * 1000) {
  await sleep(TERMINATE_EVERY_MS);
  const { rows } = await adminQuery(
    `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1`,
    [APPLICATION_NAME],
  );
  terminations++;
  terminated += rows[0].n;
}
const restartStartedAt = performance.now();
await admin?.end().catch(() => {});
admin = null;
postgres.restart('immediate');
const restartedAt = performance.now();
await sleep(AFTER_RESTART_MS);
stopWriting = true;
await writing;
const firstSuccessAfterRestart = lastSuccessAt > restartedAt ? 'yes' : 'no';

// Every acknowledged write must be there.
const { rows } = await adminQuery('select count(*)::int as n from tasks where id = any($1::uuid[])', [
  acknowledged,
]);
const present = rows[0].n;
finished = true;
const alive = server.child.exitCode === null && server.child.signalCode === null;
const exitCode = alive ? await server.stop() : 'none: it was not running';
await supervising;
await admin?.end();
postgres.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
const pct = (p) => percentile(latencies, p);
const other = [...statuses]
  .filter(([status]) => !(status >= 200 && status < 300) && status !== 503)
  .map(([status, count]) => `${count} × ${status}`);
console.info(
  `faults (${SECONDS} s of write load from ${CLIENTS} clients, all app sessions terminated every 2 s ` +
    `(${terminations} rounds, ${terminated} sessions), then PostgreSQL restarted once in ` +
    `${((restartedAt - restartStartedAt) / 1000).toFixed(1)} s):\n` +
    `  acknowledged writes lost: ${acknowledged.length - present} of ${acknowledged.length} — budget 0\n` +
    `  process exits: ${exits} — budget 0 (graceful stop at the end: exit code ${exitCode})\n` +
    `  answers 503 database_unavailable: ${statuses.get(503) ?? 0}; other failures: ${other.join(', ') || 'none'}; ` +
    `requests without an answer: ${networkErrors}\n` +
    `  write latency under faults p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms, ` +
    `max ${latencies.at(-1).toFixed(0)} ms (without faults: p50 ${baselineP50.toFixed(0)} ms, ` +
    `p99 ${baselineP99.toFixed(0)} ms); writes acknowledged after the restart: ${firstSuccessAfterRestart}`,
);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Signs up through the API, confirms the address with the emailed token, signs in. */
async function signUp(url) {
  const email = `faults-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const post = (route, body) =>
    fetch(`${url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/auth/sign-up', { fullName: 'Fault Bench', email, password });
  const { rows: mails } = await adminQuery(
    `select text_body from email_outbox where to_address = $1 and kind = 'verify_email'`,
    [email],
  );
  const token = decodeURIComponent(/[?&]token=([\w%-]+)/.exec(mails[0].text_body)[1]);
  await post('/api/auth/verify-email', { token });
  const signedIn = await post('/api/auth/sign-in', { email, password });
  return (await signedIn.json()).accessToken;
}
