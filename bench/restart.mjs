// Restart to healthy after kill -9, on the embedded database (PGlite) with 20,000 tasks: the
// server (`npm start`'s entry, warm web build) is killed with SIGKILL in the middle of writes,
// started again, and timed from spawn until /readyz answers 200. Its data-directory lock is
// left behind by the killed process and must be taken over (docs/decisions/025). At the end
// every acknowledged write is looked up. Target: ≤ 1.5 s (docs/decisions/054); 0 acknowledged
// writes lost.
//
// Runs through tsx (bench/run.mjs): it seeds the data with the server's own TypeScript.
// Options: --rounds N (default 3).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from './lib/private-postgres.mjs';
import { launchServer } from './lib/server.mjs';
import { buildWeb, webBuildIsStale } from '../scripts/web-build.mjs';

const { values: options } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const ROUNDS = Number(options.rounds);
const TASKS = Number(process.env.TASKS ?? 20_000);
const SECRET_KEY = 'bench-restart-secret-key-that-is-long-enough-0123456789';

const { openDatabase, tasks, inArray, count } = await import('../packages/db/src/index.ts');
const { createAccount } = await import('../apps/server/src/modules/auth/create-account.ts');
const { hashPassword } = await import('../apps/server/src/modules/auth/passwords.ts');
const EMAIL = 'restart-bench@example.com';
const PASSWORD = 'correct horse battery';

if (webBuildIsStale()) {
  console.info('restart: building the web app first (not timed)…');
  buildWeb();
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doppel-restart-'));
const env = { DATA_DIR: dataDir, DATABASE_URL: '', SECRET_KEY };
await seed();
const port = await freePort();

// The first start is not timed: it is the one before the crash.
let server = await launchServer(port, env);
const accessToken = await signIn(server.url);
const acknowledged = [];
const runs = [];
// The same restart after a clean stop (SIGTERM), for reference: what kill -9 adds to it.
const cleanRuns = [];
// The server's own CPU time until ready: on a busy machine wall time stretches, this less so.
const cpuRuns = [];
for (let round = 0; round < ROUNDS; round++) {
  const writing = writeUntilGone(server.url);
  await sleep(1_000);
  await server.kill();
  await writing;
  server = await launchServer(port, env);
  runs.push(server.readyMs);
  cpuRuns.push(cpuMs(server.child.pid));
  await server.stop();
  server = await launchServer(port, env);
  cleanRuns.push(server.readyMs);
}
const exitCode = await server.stop();

// Every acknowledged write is there, and so are the seeded tasks.
const database = await openDatabase({ kind: 'pglite', dataDir });
const [{ present }] = await database.db
  .select({ present: count() })
  .from(tasks)
  .where(inArray(tasks.id, acknowledged));
const [{ total }] = await database.db.select({ total: count() }).from(tasks);
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const seconds = (ms) => (ms / 1000).toFixed(2);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.info(
  `restart to /readyz after kill -9 mid-write (PGlite, ${total.toLocaleString('en')} tasks): ` +
    `median ${seconds(median(runs))} s, runs ${runs.map(seconds).join(' / ')} s — target 1.5 s ` +
    `(after a clean stop instead: median ${seconds(median(cleanRuns))} s); ` +
    `CPU time of the server until ready: median ${seconds(median(cpuRuns))} s; ` +
    `acknowledged writes lost ${acknowledged.length - present} of ${acknowledged.length}; final stop exit code ${exitCode}`,
);

/** 20,000 tasks of one user, written straight into the data directory before the server starts. */
async function seed() {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const now = new Date();
  const passwordHash = await hashPassword(PASSWORD);
  const { userId: id } = await database.db.transaction((tx) =>
    createAccount(tx, {
      email: EMAIL,
      fullName: 'Restart Bench',
      passwordHash,
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
        userId: id,
        type: 'message_reply',
        priority: 'medium',
        status: 'pending',
        title: `Task ${start + i}`,
        description: 'A suggested reply to an inbound message about a partnership.',
        createdAt: new Date(now.getTime() - (start + i) * 60_000),
      })),
    );
  }
  await database.refreshStatistics();
  await database.close();
}

/** Signs the seeded user in through the API. */
async function signIn(url) {
  const response = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  return (await response.json()).accessToken;
}

/** Creates tasks from 4 clients until the server stops answering. */
async function writeUntilGone(url) {
  let gone = false;
  const client = async () => {
    while (!gone) {
      try {
        const response = await fetch(`${url}/api/tasks`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'Written before the crash', type: 'message_reply' }),
        });
        const body = await response.json();
        if (response.ok && body.id) acknowledged.push(body.id);
      } catch {
        gone = true;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, client));
}

/** User plus system CPU time of a process so far (Linux /proc; NaN elsewhere). */
function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15, in clock ticks (100 a second on Linux).
    return ((Number(fields[14 - 3]) + Number(fields[15 - 3])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
