// What the server adds to a request around the work itself: the cached first page of the task
// list (GET /api/tasks, served from the task-list cache, no database query) against a bare
// Fastify route that sends the very same bytes with the same content type and no hooks. Both
// over real HTTP from clients in a worker thread, in the same run, alternating. Printed:
// requests/s and the server thread's CPU time per request (process.threadCpuUsage: the client
// thread's work is not counted). Target: the task page at ≥ 0.7× the bare route's requests/s.
//
// Runs through tsx (bench/run.mjs): the app is built from the server's TypeScript, on the
// embedded database in memory (or PostgreSQL with BENCH_DATABASE_URL).
// Environment: N (requests per run, default 4000), C (concurrent clients, default 50),
// ROUNDS (runs of each, alternating, default 3).
import { startBenchApp } from './lib/bench-app.mjs';
import { runClients } from './lib/http-load.mjs';

const REQUESTS = Number(process.env.N ?? 4000);
const CONCURRENCY = Number(process.env.C ?? 50);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const TASKS = 200;
const TARGET_RATIO = 0.7;

const { default: Fastify } = await import('fastify');
const { tasks } = await import('../packages/db/src/index.ts');

const { database, app, ctx, userId, now, accessToken } = await startBenchApp();
await ctx.db.insert(tasks).values(
  Array.from({ length: TASKS }, (_, n) => ({
    userId,
    type: 'message_reply',
    priority: ['low', 'medium', 'high'][n % 3],
    status: 'pending',
    title: `Task ${n}`,
    description: 'A suggested reply to an inbound message about a partnership.',
    context: {
      summary: 'Summary',
      recommendation: 'Reply within 24H',
      triggerType: 'message',
      lastMessage: 'Hello',
    },
    createdAt: new Date(now.getTime() - n * 60_000),
  })),
);
const token = await accessToken();
const address = await app.listen({ port: 0, host: '127.0.0.1' });

// The same bytes the task page sends, from a route with nothing around it.
const sample = await fetch(`${address}/api/tasks`, { headers: { authorization: `Bearer ${token}` } });
if (!sample.ok) throw new Error(`GET /api/tasks: HTTP ${sample.status}`);
const body = Buffer.from(await sample.arrayBuffer());
const contentType = sample.headers.get('content-type');
const headerBytes = [...sample.headers].reduce(
  (sum, [name, value]) => sum + name.length + value.length + 4,
  0,
);
const bare = Fastify({ logger: false });
bare.get('/api/tasks', (_request, reply) => reply.type(contentType).send(body));
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

/** Server-thread CPU time in µs: this process's main thread, where both servers run. */
const threadCpu = () => {
  const usage = process.threadCpuUsage?.() ?? process.cpuUsage();
  return usage.user + usage.system;
};

async function run(target) {
  const cpuBefore = threadCpu();
  const result = await runClients({
    address: target,
    token,
    clients: CONCURRENCY,
    requests: REQUESTS,
    queries: ['/api/tasks'],
  });
  return { perSecond: REQUESTS / result.seconds, cpuPerRequest: (threadCpu() - cpuBefore) / REQUESTS };
}

// Warms the JIT and the task-list cache; not measured.
await run(address);
await run(bareAddress);
const doppel = [];
const reference = [];
for (let round = 0; round < ROUNDS; round++) {
  doppel.push(await run(address));
  reference.push(await run(bareAddress));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const line = (name, runs) =>
  `${name.padEnd(44)}${median(runs.map((r) => r.perSecond))
    .toFixed(0)
    .padStart(8)} req/s` +
  `${median(runs.map((r) => r.cpuPerRequest))
    .toFixed(0)
    .padStart(8)} µs CPU/request` +
  `   (runs ${runs.map((r) => r.perSecond.toFixed(0)).join(' / ')})`;
const ratio = median(doppel.map((r) => r.perSecond)) / median(reference.map((r) => r.perSecond));
console.info(
  `per-request overhead — ${database.kind}, ${body.length} B body, ${headerBytes} B of headers, ${CONCURRENCY} clients, ${REQUESTS} requests a run, median of ${ROUNDS}`,
);
console.info(line('cached task page (GET /api/tasks)', doppel));
console.info(line('bare Fastify route, same bytes', reference));
console.info(
  `task page / bare route: ${ratio.toFixed(2)}× — target ≥ ${TARGET_RATIO}×: ${ratio >= TARGET_RATIO ? 'within' : 'UNDER'}`,
);
await bare.close();
await app.close();
await database.close();
