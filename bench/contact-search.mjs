// The Contacts screen over real HTTP on the embedded database (or PostgreSQL with
// BENCH_DATABASE_URL): one user with 50,000 contacts (each with a message, some with open
// tasks), the first page, a page deep in the list by cursor, and searches that match many, few
// or no contacts. Budget: search p95 < 50 ms (issue 24) for a person searching (C=1: one request
// at a time, as the search field sends them); with C > 1 the figures say what load does to it,
// read against the baseline route's.
//
// Environment: CONTACTS (default 50000), N (requests per scenario, default 500), C (concurrency,
// default 1).
import { startBenchApp } from './lib/bench-app.mjs';
import { runClients } from './lib/http-load.mjs';

const { communicationHistory, contacts, tasks } = await import('../packages/db/src/index.ts');

const CONTACTS = Number(process.env.CONTACTS ?? 50_000);
const CONCURRENCY = Number(process.env.C ?? 1);
const REQUESTS = Number(process.env.N ?? 500);
const FIRST = ['Anna', 'Bruno', 'Claire', 'Dmitri', 'Elena', 'Farid', 'Greta', 'Hiro', 'Ines', 'Jonas'];
const LAST = [
  'Schneider',
  'Costa',
  'Dubois',
  'Ivanov',
  'García',
  'Haddad',
  'Larsen',
  'Tanaka',
  'Silva',
  'Weber',
];

const { database, app, ctx, userId, now, accessToken } = await startBenchApp();
const BATCH = 1000;
for (let start = 0; start < CONTACTS; start += BATCH) {
  const rows = await ctx.db
    .insert(contacts)
    .values(
      Array.from({ length: Math.min(BATCH, CONTACTS - start) }, (_, i) => {
        const n = start + i;
        return {
          userId,
          name: `${FIRST[n % 10]} ${LAST[Math.floor(n / 10) % 10]} ${n}`,
          company: `Company ${n % 997}`,
          source: ['email', 'telegram', 'slack', 'whatsapp'][n % 4],
          handle: `handle-${n}`,
          language: ['en', 'de', 'fr', 'ru', 'es'][n % 5],
        };
      }),
    )
    .returning({ id: contacts.id });
  await ctx.db.insert(communicationHistory).values(
    rows.map((row, i) => ({
      userId,
      contactId: row.id,
      direction: 'inbound',
      channel: 'email',
      text: `Hello ${start + i}`,
      occurredAt: new Date(now.getTime() - (start + i) * 60_000),
      deliveryStatus: 'received',
    })),
  );
  await ctx.db
    .insert(tasks)
    .values(
      rows
        .filter((_, i) => i % 5 === 0)
        .map((row, i) => ({
          userId,
          contactId: row.id,
          type: 'message_reply',
          title: `Reply ${i}`,
          priority: 'medium',
        })),
    );
}
await database.refreshStatistics();
const token = await accessToken();
const address = await app.listen({ port: 0, host: '127.0.0.1' });

// A cursor deep in the list: walk there once, as a user scrolling would.
let cursor;
for (let page = 0; page < 100; page++) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/contacts?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
    headers: { authorization: `Bearer ${token}` },
  });
  cursor = response.json().nextCursor;
}

const scenarios = [
  // What any signed-in request costs here, to read the others against.
  { name: 'baseline: GET /api/me', queries: ['/api/me'] },
  { name: 'first page (50, with figures)', queries: ['/api/contacts'] },
  { name: 'page 101 of 100 (by cursor)', queries: [`/api/contacts?limit=100&cursor=${cursor}`] },
  { name: 'search "anna" (10% match)', queries: ['/api/contacts?q=anna'] },
  { name: 'search "company 42" (few)', queries: ['/api/contacts?q=company%2042'] },
  { name: 'search "tanaka 4242" (one)', queries: ['/api/contacts?q=tanaka%204242'] },
  { name: 'search "zzz" (none)', queries: ['/api/contacts?q=zzz'] },
];

await runClients({ address, token, clients: 2, requests: 50, queries: ['/api/contacts?q=anna'] });
const pad = (text, width) => String(text).padStart(width);
console.info(
  `contacts — ${database.kind}, ${CONTACTS.toLocaleString('en')} contacts, ${REQUESTS} requests per scenario, ${CONCURRENCY} clients`,
);
console.info(
  `${'scenario'.padEnd(40)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('p99 ms', 9)}${pad('req/s', 8)}`,
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
  const latencies = result.latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  console.info(
    `${scenario.name.padEnd(40)}${pad(pct(50).toFixed(1), 9)}${pad(pct(95).toFixed(1), 9)}${pad(pct(99).toFixed(1), 9)}${pad((latencies.length / result.seconds).toFixed(0), 8)}`,
  );
  if (scenario.name.startsWith('search') && pct(95) >= 50) over.push(scenario.name);
}
console.info(
  over.length === 0
    ? `every search within the budget (p95 < 50 ms at ${CONCURRENCY} concurrent)`
    : `OVER the budget (search p95 < 50 ms at ${CONCURRENCY} concurrent): ${over.join(', ')}`,
);
await app.close();
await database.close();
