import { openDatabase, DataDirLockedError } from '@doppel/db';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './lib/config';
import { createDiscordGateways, createMailboxWatchers } from './modules/messengers';

async function main(): Promise<void> {
  const startedAt = performance.now();
  // Where a start's time goes, logged at debug level once ready (docs/decisions/054).
  const phases: Record<string, number> = {};
  let phaseStart = startedAt;
  const phaseDone = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - phaseStart);
    phaseStart = now;
  };
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  phaseDone('openDatabaseMs');
  const { app, ctx } = await buildApp({ config, database, processMetrics: true });
  phaseDone('buildAppMs');
  // IDLE on connected mailboxes, in the processes that run background work (decision 031).
  const mailboxWatchers = createMailboxWatchers(ctx);
  // Each Discord bot's gateway connection, held by one worker process of the cluster (decision 033).
  const discordGateways = createDiscordGateways(ctx);

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await Promise.all([mailboxWatchers.stop(), discordGateways.stop()]);
      // Closing the app stops the worker and waits for the jobs in hand.
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

  // Jobs left queued or cut short by the last shutdown are picked up here, and the schedules
  // (messenger polling, housekeeping) run from here on, once per cluster (decision 027). A web
  // process leaves both to the workers. Before listening: once /readyz answers, the worker and
  // its wake-up listener are up, so a database fault from then on meets the code that survives
  // it rather than a start-up still in progress.
  if (config.role !== 'web') {
    await ctx.jobs.start();
    mailboxWatchers.start();
    discordGateways.start();
  }
  phaseDone('startJobsMs');
  await app.listen({ port: config.port, host: config.host });
  phaseDone('listenMs');
  app.log.debug(
    // Before main(): Node's own start and, under `npm start`, the build checks.
    { ...phases, beforeMainMs: Math.round(startedAt), uptimeMs: Math.round(performance.now()) },
    'start-up phases',
  );
  app.log.info(
    {
      role: config.role,
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
