// The knowledge base's document list (GET /api/documents) over real HTTP on the embedded
// database (or PostgreSQL with BENCH_DATABASE_URL): one user's 10,000 documents, the first page
// with the base's figures, and a deep page by offset and by cursor, all and of one category.
// Budget: p95 < 50 ms at 50 concurrent connections on PGlite.
//
// Environment: N (requests per scenario, default 1000), C (concurrency, default 50), ROWS
// (documents, default 10,000), CALLS (one-at-a-time calls of the list, default 200).
import { startBenchApp } from './lib/bench-app.mjs';
import { deepPageCursor, printCallTimes } from './lib/deep-page.mjs';
import { percentiles, runClients } from './lib/http-load.mjs';

const { documents, sql } = await import('../packages/db/src/index.ts');
const { documentCategories, documentStatuses } = await import('../packages/contracts/src/index.ts');
const { listDocuments } = await import('../apps/server/src/modules/knowledge/documents.ts');

const ROWS = Number(process.env.ROWS ?? 10_000);
const CONCURRENCY = Number(process.env.C ?? 50);
const REQUESTS = Number(process.env.N ?? 1000);
/** Page 200 of 50: rows 9,951–10,000, the last page at 10,000 documents. */
const DEEP_LIMIT = 50;
// Smaller runs (the CI smoke) read their own last page.
const DEEP_PAGE = Math.max(2, Math.min(200, Math.floor(ROWS / DEEP_LIMIT)));

const { database, app, ctx, userId, now, accessToken } = await startBenchApp();
for (let start = 0; start < ROWS; start += 1000) {
  await ctx.db.insert(documents).values(
    Array.from({ length: Math.min(1000, ROWS - start) }, (_, i) => {
      const n = start + i;
      // Whole seconds apart, with every tenth one sharing its neighbour's time (the tie-breaker).
      const createdAt = new Date(now.getTime() - (n - (n % 10 === 1 ? 1 : 0)) * 1000);
      return {
        userId,
        name: `Document ${n}`,
        description: 'Notes from a partner meeting about the next funding round.',
        // Documents are most of a base; every fifth one is a thought.
        category: n % 5 === 0 ? 'thoughts' : documentCategories[1 + (n % 4)],
        type: n % 5 === 0 ? 'thought' : 'md',
        sizeBytes: 2000 + n,
        status: n % 50 === 0 ? documentStatuses[n % 4] : 'processed',
        summary: 'A summary of the meeting.',
        quality: n % 100,
        content: `Document ${n}. The partner asked about the next round, the team and the market.`,
        language: 'en',
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
}
await database.refreshStatistics();
// PostgreSQL's autovacuum would analyze the table later; the plan is measured with statistics.
await ctx.db.execute(sql`analyze documents`);
const token = await accessToken();
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const list = '/api/documents';
const deep = `page ${DEEP_PAGE} of ${DEEP_LIMIT}`;
const cursor = await deepPageCursor({ app, token, path: list, page: DEEP_PAGE, limit: DEEP_LIMIT });
// Documents (the category): 1 in 5 rows, so its page 40 of 50 is as deep into the category.
const categoryPage = Math.max(2, Math.floor(DEEP_PAGE / 5));
const categoryCursor = await deepPageCursor({
  app,
  token,
  path: list,
  page: categoryPage,
  limit: DEEP_LIMIT,
  query: { category: 'documents' },
});
const scenarios = [
  { name: 'first page (limit 50, with the figures)', queries: [list] },
  { name: `${deep} by offset`, queries: [`${list}?page=${DEEP_PAGE}&limit=${DEEP_LIMIT}`] },
  ...(cursor
    ? [{ name: `${deep} by cursor`, queries: [`${list}?limit=${DEEP_LIMIT}&cursor=${cursor}`] }]
    : []),
  {
    name: `documents: page ${categoryPage} of ${DEEP_LIMIT} by offset`,
    queries: [`${list}?category=documents&page=${categoryPage}&limit=${DEEP_LIMIT}`],
  },
  ...(categoryCursor
    ? [
        {
          name: `documents: page ${categoryPage} of ${DEEP_LIMIT} by cursor`,
          queries: [`${list}?category=documents&limit=${DEEP_LIMIT}&cursor=${categoryCursor}`],
        },
      ]
    : []),
];

await runClients({ address, token, clients: 4, requests: 100, queries: [list] });
const pad = (text, width) => String(text).padStart(width);
console.info(
  `document list — ${database.kind}, ${ROWS.toLocaleString('en')} documents of one user, ${REQUESTS} requests per scenario, ${CONCURRENCY} clients`,
);
if (!cursor) console.info('(no cursor paging on this server: the by-cursor scenarios are left out)');
console.info(
  `${'scenario'.padEnd(44)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('p99 ms', 9)}${pad('req/s', 8)}`,
);
const over = [];
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
    `${scenario.name.padEnd(44)}${pad(pct(50).toFixed(1), 9)}${pad(pct(95).toFixed(1), 9)}${pad(pct(99).toFixed(1), 9)}${pad((latencies.length / result.seconds).toFixed(0), 8)}`,
  );
  if (pct(95) >= 50) over.push(scenario.name);
}
if (database.kind === 'pglite' && CONCURRENCY === 50)
  console.info(
    over.length === 0
      ? 'every scenario within the budget (p95 < 50 ms at 50 concurrent on PGlite)'
      : `OVER the budget (p95 < 50 ms at 50 concurrent on PGlite): ${over.join(', ')}`,
  );
const CALLS = Number(process.env.CALLS ?? 200);
await printCallTimes(
  `listDocuments, one call at a time, ${CALLS} calls (cpu: of this process, per call)`,
  [
    { name: 'first page (limit 50, with the figures)', load: () => listDocuments(ctx, userId, {}) },
    {
      name: `${deep} by offset`,
      load: () => listDocuments(ctx, userId, { page: DEEP_PAGE, limit: DEEP_LIMIT }),
    },
    ...(cursor
      ? [{ name: `${deep} by cursor`, load: () => listDocuments(ctx, userId, { cursor, limit: DEEP_LIMIT }) }]
      : []),
    {
      name: `documents: page ${categoryPage} of ${DEEP_LIMIT} by offset`,
      load: () =>
        listDocuments(ctx, userId, { category: 'documents', page: categoryPage, limit: DEEP_LIMIT }),
    },
    ...(categoryCursor
      ? [
          {
            name: `documents: page ${categoryPage} of ${DEEP_LIMIT} by cursor`,
            load: () =>
              listDocuments(ctx, userId, {
                category: 'documents',
                cursor: categoryCursor,
                limit: DEEP_LIMIT,
              }),
          },
        ]
      : []),
  ],
  CALLS,
);
await app.close();
await database.close();
