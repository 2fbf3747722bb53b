// The app under a list benchmark: the server on the embedded database in memory (or in
// `dataDir`, as `npm start` keeps it, or on PostgreSQL with BENCH_DATABASE_URL), one verified
// account, and a session for its requests.
// Run through tsx (bench/run.mjs): it imports the server's TypeScript.
import { randomUUID } from 'node:crypto';

export async function startBenchApp({ dataDir, config = {} } = {}) {
  const { openDatabase } = await import('../../packages/db/src/index.ts');
  const { buildApp } = await import('../../apps/server/src/app.ts');
  const { testConfig } = await import('../../apps/server/src/test-support/test-app.ts');
  const { createAccount } = await import('../../apps/server/src/modules/auth/create-account.ts');
  const { startSession } = await import('../../apps/server/src/modules/auth/sessions.ts');

  const database = process.env.BENCH_DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: process.env.BENCH_DATABASE_URL, poolSize: 10 })
    : await openDatabase(dataDir ? { kind: 'pglite', dataDir } : { kind: 'pglite-memory' });
  const { app, ctx } = await buildApp({ config: testConfig(config), database, logger: false });
  const now = new Date();
  const { userId } = await ctx.db.transaction((tx) =>
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
  return {
    database,
    app,
    ctx,
    userId,
    now,
    /** A session's access token, started once the benchmark's data is in. */
    async accessToken() {
      const { session } = await startSession(ctx, userId, { ip: '127.0.0.1', userAgent: 'bench' });
      return session.accessToken;
    },
  };
}
