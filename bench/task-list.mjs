// Task list API with 10,000 tasks for one user, over real HTTP with 50 concurrent clients, on
// the embedded database (or PostgreSQL with BENCH_DATABASE_URL). Budget: p95 < 50 ms on PGlite
// (ARCHITECTURE.md §7). Runs the server code in-process through tsx (bench/run.mjs).
import { randomUUID } from 'node:crypto';
import { openDatabase, tasks } from '../packages/db/src/index.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/test-support/test-app.ts';
import { createAccount } from '../apps/server/src/modules/auth/create-account.ts';
import { startSession } from '../apps/server/src/modules/auth/sessions.ts';

const TASKS = 10_000;
const CONCURRENCY = Number(process.env.C ?? 50);
const REQUESTS = Number(process.env.N ?? 2000);

const database = process.env.BENCH_DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: process.env.BENCH_DATABASE_URL, poolSize: 10 })
  : await openDatabase({ kind: 'pglite-memory' });
const { app, ctx } = await buildApp({ config: testConfig(), database, logger: false });

const now = new Date();
const userId = await ctx.db.transaction((tx) =>
  createAccount(tx, {
    email: `bench-${randomUUID()}@example.com`,
    fullName: 'Bench',
    passwordHash: null,
    language: 'en',
    emailVerifiedAt: now,
    demoExpiresAt: null,
    paymentMethod: null,
    now,
  }),
);
const types = [
  'message_reply',
  'proactive_message',
  'linkedin_post',
  'reddit_post',
  'reddit_comment',
  'high_concept_analysis',
];
const priorities = ['high', 'medium', 'low'];
const statuses = ['pending', 'in_progress', 'completed'];
for (let start = 0; start < TASKS; start += 1000) {
  await ctx.db.insert(tasks).values(
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
  );
}
// What the server's housekeeping does every 15 minutes (PGlite has no autovacuum).
await database.refreshStatistics();
const { session } = await startSession(ctx, userId, { ip: '127.0.0.1', userAgent: 'bench' });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const queries = [
  'limit=50',
  'limit=50&page=40',
  'status=pending&limit=50',
  'priority=high&type=message_reply',
  'page=999&limit=10',
];
const latencies = [];
let sent = 0;
async function client() {
  while (sent < REQUESTS) {
    const query = queries[sent++ % queries.length];
    const started = performance.now();
    const response = await fetch(`${address}/api/tasks?${query}`, {
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    latencies.push(performance.now() - started);
  }
}
const wall = performance.now();
await Promise.all(Array.from({ length: CONCURRENCY }, client));
const seconds = (performance.now() - wall) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
console.info(
  `task list (${database.kind}, ${TASKS} tasks, ${CONCURRENCY} concurrent, ${REQUESTS} requests): p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, ${(REQUESTS / seconds).toFixed(0)} req/s — budget p95 < 50 ms on PGlite`,
);
await app.close();
await database.close();
