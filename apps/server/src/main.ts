import { openDatabase, DataDirLockedError } from '@doppel/db';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './lib/config';
import { removeExpiredDemoSandboxes } from './modules/demo';
import { pruneRateLimitCounters } from './lib/rate-limit';
import { checkAllMessengerHealth, pollMessengers, pruneInboundEvents } from './modules/messengers';

const HOUSEKEEPING_INTERVAL_MS = 15 * 60 * 1000;
/** How often connections without a webhook (a local Telegram bot) pull their messages. */
const MESSENGER_POLL_INTERVAL_MS = 30 * 1000;
const INBOUND_EVENT_RETENTION_MS = 7 * 24 * 3600 * 1000;

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  const { app, ctx } = await buildApp({ config, database, processMetrics: true });

  // Idempotent deletes, so any number of processes may run them side by side.
  const housekeeping = async () => {
    try {
      const now = ctx.clock.now();
      const removed = await removeExpiredDemoSandboxes(ctx.db, now);
      if (removed > 0) app.log.info({ removed }, 'expired demo sandboxes removed');
      await pruneRateLimitCounters(ctx.db, new Date(now.getTime() - 24 * 3600 * 1000));
      await pruneInboundEvents(ctx.db, new Date(now.getTime() - INBOUND_EVENT_RETENTION_MS));
      // The health each messenger card shows; not awaited, so a slow platform
      // never holds up start-up.
      checkAllMessengerHealth(ctx).catch((error: unknown) =>
        app.log.error({ err: error }, 'messenger health check failed'),
      );
      await database.refreshStatistics();
    } catch (error) {
      app.log.error({ err: error }, 'housekeeping failed');
    }
  };
  await housekeeping();
  const timer = setInterval(() => void housekeeping(), HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  const poller = setInterval(() => {
    pollMessengers(ctx).catch((error: unknown) => app.log.error({ err: error }, 'messenger poll failed'));
  }, MESSENGER_POLL_INTERVAL_MS);
  poller.unref();

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    clearInterval(timer);
    clearInterval(poller);
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Jobs left queued or cut short by the last shutdown are picked up here.
  ctx.jobs.start();
  app.log.info(
    {
      database: database.kind,
      dataDir: database.kind === 'pglite' ? config.dataDir : undefined,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `Doppel is ready on ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Doppel failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
