// Deep pages of the task list (GET /api/tasks, 50 a page) for one user with ROWS tasks, over real
// HTTP: the same pages read by page number (OFFSET, what the app did before) and by cursor (what
// it does now, docs/decisions/055-keyset-lists.md). DEPTH distinct pages are asked for round robin,
// more than the list cache keeps per user, so every request reads the database. Budget: p95 ≤ 25 ms
// at any depth, by cursor. On PGlite by default, on PostgreSQL with BENCH_DATABASE_URL.
//
// Environment: ROWS (default 10000; 100000 for the large run), DEPTH (pages, default 200), N
// (requests per scenario, default 2000), C (concurrent clients, default 10).
import { startBenchApp } from './lib/bench-app.mjs';
import { percentiles, runClients } from './lib/http-load.mjs';

const ROWS = Number(process.env.ROWS ?? 10_000);
const LIMIT = 50;
const DEPTH = Math.min(Number(process.env.DEPTH ?? 200), Math.floor(ROWS / LIMIT));
const REQUESTS = Number(process.env.N ?? 2000);
const CONCURRENCY = Number(process.env.C ?? 10);
const BUDGET_MS = 25;

const { tasks } = await import('../packages/db/src/index.ts');
const { taskTypes, taskPriorities, taskStatuses } = await import('../packages/contracts/src/index.ts');
const { database, app, userId, now, accessToken } = await startBenchApp();

const seeded = performance.now();
for (let start = 0; start < ROWS; start += 1000) {
  await database.db.insert(tasks).values(
    Array.from({ length: Math.min(1000, ROWS - start) }, (_, i) => {
      const n = start + i;
      return {
        userId,
        type: taskTypes[n % taskTypes.length],
        priority: taskPriorities[n % 3],
        status: taskStatuses[(n >> 2) % 3],
        title: `Task ${n}`,
        description: 'A suggested reply to an inbound message about a partnership.',
        context: { summary: 'Summary', recommendation: 'Reply within 24H', triggerType: 'message' },
        createdAt: new Date(now.getTime() - n * 1000),
      };
    }),
  );
}
await database.refreshStatistics();
const seedSeconds = (performance.now() - seeded) / 1000;
const token = await accessToken();

// The cursors of pages 2..DEPTH, walked once the way a user scrolling down would (not timed).
async function walk(filter) {
  const cursors = [];
  let after;
  while (cursors.length < DEPTH - 1) {
    const query = new URLSearchParams({ ...filter, limit: String(LIMIT), ...(after && { after }) });
    const response = await app.inject({
      method: 'GET',
      url: `/api/tasks?${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
    after = response.json().nextCursor;
    if (!after) break;
    cursors.push(after);
  }
  return cursors;
}
const everyCursor = await walk({});
const highCursor = await walk({ priority: 'high' });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const pages = Array.from({ length: DEPTH - 1 }, (_, i) => i + 2);
const highPages = pages.slice(0, highCursor.length);

const scenarios = [
  {
    name: `by page number, pages 2..${DEPTH} (OFFSET)`,
    queries: pages.map((p) => `/api/tasks?limit=${LIMIT}&page=${p}`),
  },
  {
    name: `by cursor, pages 2..${DEPTH}`,
    queries: everyCursor.map((c) => `/api/tasks?limit=${LIMIT}&after=${c}`),
    budget: true,
  },
  {
    name: `priority=high by page number, pages 2..${highPages.length + 1}`,
    queries: highPages.map((p) => `/api/tasks?priority=high&limit=${LIMIT}&page=${p}`),
  },
  {
    name: `priority=high by cursor, pages 2..${highCursor.length + 1}`,
    queries: highCursor.map((c) => `/api/tasks?priority=high&limit=${LIMIT}&after=${c}`),
    budget: true,
  },
  { name: `last page by page number (page ${DEPTH})`, queries: [`/api/tasks?limit=${LIMIT}&page=${DEPTH}`] },
];

// Warms the JIT, not measured.
await runClients({ address, token, clients: 2, requests: 100, queries: scenarios[1].queries });

const pad = (text, width) => String(text).padStart(width);
console.info(
  `deep pages — ${database.kind}, ${ROWS.toLocaleString('en')} tasks of one user (seeded in ${seedSeconds.toFixed(1)} s), ${LIMIT} a page, ${REQUESTS} requests per scenario, ${CONCURRENCY} clients`,
);
console.info(
  `${'scenario'.padEnd(48)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('max ms', 9)}${pad('req/s', 8)}`,
);
const verdicts = [];
for (const scenario of scenarios) {
  const result = await runClients({
    address,
    token,
    clients: CONCURRENCY,
    requests: REQUESTS,
    queries: scenario.queries,
  });
  const latencies = result.latencies;
  const pct = percentiles(latencies);
  console.info(
    `${scenario.name.padEnd(48)}${pad(pct(50).toFixed(1), 9)}${pad(pct(95).toFixed(1), 9)}${pad(pct(100).toFixed(1), 9)}${pad((latencies.length / result.seconds).toFixed(0), 8)}`,
  );
  if (scenario.budget) {
    const p95 = pct(95);
    verdicts.push(
      `${scenario.name}: p95 ${p95.toFixed(1)} ms — budget ≤ ${BUDGET_MS} ms: ${p95 <= BUDGET_MS ? 'within' : 'OVER'}`,
    );
  }
}
for (const verdict of verdicts) console.info(verdict);
await app.close();
await database.close();
