// Task list API (GET /api/tasks) with 10,000 tasks for one user, over real HTTP, on the embedded
// database (or PostgreSQL with BENCH_DATABASE_URL). Budget: p95 < 50 ms at 50 concurrent
// connections on PGlite. The server runs in this process through tsx
// (bench/run.mjs); the clients run in a worker thread, as a load generator on another machine
// would, so their own work does not count as server time.
//
// Environment: N (requests per scenario, default 2000), C (concurrency, default 50).
import { startBenchApp } from './lib/bench-app.mjs';
import { runClients } from './lib/http-load.mjs';

await main();

async function main() {
  const { default: Fastify } = await import('fastify');
  const { tasks } = await import('../packages/db/src/index.ts');
  const {
    taskTypes: types,
    taskPriorities: priorities,
    taskStatuses: statuses,
  } = await import('../packages/contracts/src/index.ts');

  const TASKS = 10_000;
  const CONCURRENCY = Number(process.env.C ?? 50);
  const REQUESTS = Number(process.env.N ?? 2000);

  const { database, app, ctx, userId, now, accessToken } = await startBenchApp();
  const taskIds = [];
  for (let start = 0; start < TASKS; start += 1000) {
    const inserted = await ctx.db
      .insert(tasks)
      .values(
        Array.from({ length: 1000 }, (_, i) => {
          const n = start + i;
          return {
            userId,
            type: types[n % types.length],
            priority: priorities[n % 3],
            status: statuses[(n >> 2) % 3],
            title: `Task ${n}`,
            description: 'A suggested reply to an inbound message about a partnership.',
            context: {
              summary: 'Summary',
              recommendation: 'Reply within 24H',
              triggerType: 'message',
              lastMessage: 'Hello',
            },
            createdAt: new Date(now.getTime() - n * 60_000),
          };
        }),
      )
      .returning({ id: tasks.id });
    taskIds.push(...inserted.slice(0, 10).map((row) => row.id));
  }
  // What the server's housekeeping does every 15 minutes (PGlite has no autovacuum).
  await database.refreshStatistics();
  const token = await accessToken();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  // The floor: the same HTTP stack answering a constant JSON body, no auth, no database.
  const bare = Fastify({ logger: false });
  bare.get('/json', async () => ({ ok: true }));
  const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

  const list = '/api/tasks';
  const scenarios = [
    {
      name: 'bare Fastify JSON route (reference)',
      address: bareAddress,
      clients: CONCURRENCY,
      queries: ['/json'],
    },
    {
      name: 'default list (page 1, limit 10)',
      clients: 1,
      requests: Math.min(REQUESTS, 500),
      queries: [list],
    },
    { name: 'default list (page 1, limit 10)', clients: CONCURRENCY, queries: [list], budget: true },
    { name: 'filtered: status=pending', clients: CONCURRENCY, queries: [`${list}?status=pending`] },
    {
      name: 'filtered: priority=high&type=message_reply',
      clients: CONCURRENCY,
      queries: [`${list}?priority=high&type=message_reply`],
    },
    { name: 'deep page: page=50', clients: CONCURRENCY, queries: [`${list}?page=50`] },
    { name: 'deep page: page=999 (the last)', clients: CONCURRENCY, queries: [`${list}?page=999`] },
    { name: 'large page: limit=100', clients: CONCURRENCY, queries: [`${list}?limit=100`] },
    {
      name: 'mix of the 5 queries above',
      clients: CONCURRENCY,
      queries: [
        '',
        '?status=pending',
        '?page=50',
        '?priority=high&type=message_reply',
        '?limit=50&page=40',
      ].map((q) => `${list}${q}`),
    },
    {
      name: 'default list, 1 task update per 100 requests',
      clients: CONCURRENCY,
      queries: [list],
      writeEvery: 100,
    },
  ];

  // Warms the JIT and the caches the way a first visit does; not measured.
  await runClients({ address, token, clients: 4, requests: 200, queries: [list] });

  const pad = (text, width) => String(text).padStart(width);
  console.info(
    `task list — ${database.kind}, ${TASKS.toLocaleString('en')} tasks of one user, ${REQUESTS} requests per scenario, clients in a worker thread`,
  );
  console.info(
    `${'scenario'.padEnd(46)}${pad('clients', 8)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('p99 ms', 9)}${pad('max ms', 9)}${pad('req/s', 8)}`,
  );
  const verdicts = [];
  for (const scenario of scenarios) {
    const result = await runClients({
      address: scenario.address ?? address,
      token,
      clients: scenario.clients,
      requests: scenario.requests ?? REQUESTS,
      queries: scenario.queries,
      writeEvery: scenario.writeEvery ?? 0,
      // A task changes: every cached list of the user is dropped.
      writes: taskIds.map((id, n) => ({
        method: 'PATCH',
        path: `/api/tasks/${id}/status`,
        body: { status: ['pending', 'in_progress', 'completed'][(n + 1) % 3] },
      })),
    });
    const latencies = result.latencies.sort((a, b) => a - b);
    const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
    const total = latencies.length + result.writes;
    console.info(
      `${scenario.name.padEnd(46)}${pad(scenario.clients, 8)}${pad(pct(50).toFixed(1), 9)}${pad(pct(95).toFixed(1), 9)}${pad(pct(99).toFixed(1), 9)}${pad(latencies.at(-1).toFixed(1), 9)}${pad((total / result.seconds).toFixed(0), 8)}`,
    );
    if (scenario.budget && scenario.clients === 50 && database.kind === 'pglite') {
      const p95 = pct(95);
      verdicts.push(
        `${scenario.name} at 50 concurrent on PGlite: p95 ${p95.toFixed(1)} ms — budget p95 < 50 ms: ${p95 < 50 ? 'within' : 'OVER'}`,
      );
    }
  }
  for (const verdict of verdicts) console.info(verdict);
  await bare.close();
  await app.close();
  await database.close();
}
