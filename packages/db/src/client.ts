import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite, type Extensions } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import { markFromDatabase } from './connection-errors';
import { lockDataDir } from './data-dir-lock';
import { ensureVectorStorage, type RunSql } from './vector-storage';
import { schemaIsCurrent } from './schema-current';

export type Schema = typeof schema;
/** The one database type domain code sees; PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Whether pgvector is there and the passage embeddings table with it (vector-storage.ts):
   * search by meaning runs only then. Always on PGlite; on PostgreSQL, found at start.
   */
  vectorSearch: boolean;
  /** Round-trips a trivial query; used by /readyz. */
  ping(): Promise<void>;
  /**
   * Refreshes the query planner's statistics. PGlite runs no autovacuum, so without this its
   * planner guesses table sizes and sorts whole tables instead of reading an index; on
   * PostgreSQL autovacuum does it and this is a no-op.
   */
  refreshStatistics(): Promise<void>;
  /** Sends a payload to every process listening on a channel (pg_notify). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Calls `onMessage` for every notification on a channel, from any process on this database;
   * resolves to a function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    hooks?: ListenHooks,
  ): Promise<() => Promise<void>>;
  /**
   * Calls `listener` when a pooled connection drops while idle (pg_terminate_backend, a restart,
   * idle_session_timeout). The pool replaces it on the next query; this is only for the log.
   */
  onConnectionLost(listener: (error: Error) => void): () => void;
  /** The connection pool's use (for /metrics); null on PGlite, which has no pool. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

/** What a listener hears about its own connection (PostgreSQL only: PGlite's never drops). */
export interface ListenHooks {
  /** The connection dropped: notifications are missed until onRestored. */
  onLost?(error: Error): void;
  /** Listening again after a drop; whatever was sent meanwhile was missed. */
  onRestored?(): void;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  /** `pgvector: false` opens it without the extension, as a PostgreSQL server without it is. */
  | { kind: 'pglite-memory'; pgvector?: boolean };

/*
 * Beside the package's sources. Found through the package's own name rather than this file's
 * place: the server also runs compiled into apps/server/dist (scripts/server-build.mjs).
 */
export const migrationsFolder = path.resolve(
  path.dirname(createRequire(import.meta.url).resolve('@doppel/db')),
  '../migrations',
);

/** Arbitrary constant: serializes migrations when several processes start against one PostgreSQL. */
const MIGRATION_LOCK_ID = 4_210_771;

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') return openPostgres(options.url, options.poolSize ?? 10);
  if (options.kind === 'pglite') return openPglite(options.dataDir, true);
  return openPglite(undefined, options.pgvector ?? true);
}

/*
 * The embedded database's memory, set for one user's server rather than PostgreSQL's defaults
 * for a shared one (docs/decisions/054). PGlite's WebAssembly memory only ever grows, so what
 * PostgreSQL touches once stays resident: the buffer pool is allocated and touched at start
 * (128 MB by default, the bulk of an idle server's memory), and a CREATE INDEX or VACUUM would
 * keep maintenance_work_mem for good. A data directory of a few tens of MB is read through the
 * operating system's file cache anyway. PGlite's own start parameters (single-user mode, no
 * parallel workers, fsync off) stay.
 */
export const PGLITE_SETTINGS = {
  shared_buffers: '32MB',
  maintenance_work_mem: '16MB',
  work_mem: '4MB',
  temp_buffers: '4MB',
} as const;

const pgliteStartParams = [
  ...PGlite.defaultStartParams,
  ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
];

async function openPglite(dataDir: string | undefined, pgvector: boolean): Promise<Database> {
  const releaseLock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    const extensions: Extensions = pgvector ? { vector } : {};
    const options = { extensions, startParams: pgliteStartParams };
    const client = dataDir ? new PGlite(path.join(dataDir, 'pglite'), options) : new PGlite(options);
    await client.waitReady;
    const db = drizzlePglite({ client, schema });
    const run: RunSql = async (statement) => (await client.query<Record<string, unknown>>(statement)).rows;
    let vectorSearch = pgvector;
    if (!(await schemaIsCurrent(run, migrationsFolder, pgvector))) {
      await migratePglite(db, { migrationsFolder });
      vectorSearch = pgvector && (await ensureVectorStorage(run));
    }
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      vectorSearch,
      ping: async () => {
        await client.query('select 1');
      },
      refreshStatistics: async () => {
        await client.exec('analyze');
      },
      notify: async (channel, payload) => {
        await client.query('select pg_notify($1, $2)', [channel, payload]);
      },
      listen: async (channel, onMessage) => {
        const stop = await client.listen(channel, onMessage);
        return () => stop();
      },
      // In-process: no connection to lose, no pool.
      onConnectionLost: () => () => {},
      poolStats: () => null,
      close: async () => {
        try {
          await client.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * What the server's connections are called in pg_stat_activity, unless DATABASE_URL names its
 * own (`?application_name=`): operators and the fault tests find the app's sessions by it.
 */
export const APPLICATION_NAME = 'doppel';

/**
 * How long a query waits for a pooled connection (or a new one to open) before it fails with
 * 503: a server that does not answer at all must not hold requests forever.
 */
const CONNECT_TIMEOUT_MS = 5_000;

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const connectionLost = new Set<(error: Error) => void>();
  const pool = new SelfHealingPool({
    connectionString: url,
    max: poolSize,
    fallback_application_name: APPLICATION_NAME,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // Without these an 'error' event on a connection the server dropped (pg_terminate_backend,
  // a restart, idle_session_timeout) has no listener, and Node ends the process (decision 025).
  // An idle connection's error reaches the pool's 'error'; a checked-out one's also fails its
  // query, which answers 503 (connection-errors.ts), so the client listener only keeps
  // the process alive.
  pool.on('error', (error) => {
    for (const listener of connectionLost) listener(error);
  });
  pool.on('connect', (client) => client.on('error', () => {}));
  const migrationClient = await pool.connect();
  let vectorSearch = true;
  try {
    const run: RunSql = async (statement) =>
      (await migrationClient.query<Record<string, unknown>>(statement)).rows;
    // Up to date (the common start): no lock, no migrator. A server without pgvector never is,
    // and goes the full way, which finds that out.
    if (!(await schemaIsCurrent(run, migrationsFolder, true))) {
      await migrationClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg({ client: migrationClient, schema }), { migrationsFolder });
      vectorSearch = await ensureVectorStorage(run);
      await migrationClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } catch (error) {
    migrationClient.release(true);
    await pool.end();
    throw error;
  }
  migrationClient.release();
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    vectorSearch,
    ping: async () => {
      await pool.query('select 1');
    },
    refreshStatistics: async () => {},
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listen: (channel, onMessage, hooks = {}) => listenWithReconnect(url, channel, onMessage, hooks),
    onConnectionLost(listener) {
      connectionLost.add(listener);
      return () => connectionLost.delete(listener);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/**
 * A pool whose checked-out connections go back to it when they die. drizzle's transaction()
 * sends BEGIN before its try/finally, so a connection that dies under that BEGIN (terminated a
 * moment after it left the pool) would never be released, and each such fault would shrink the
 * pool for good until every request waited for a connection that never comes. Here a
 * connection that ends while checked out is released (and so dropped) at once; the holder's
 * own release later does nothing.
 */
class SelfHealingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    // pool.query() checks out with a callback and always releases, with the error if any.
    if (callback) return super.connect(callback);
    // drizzle wraps a failed query but not a failed checkout: mark it as the database's.
    return super.connect().then(releasedWhenEnded, (error: unknown) => {
      throw markFromDatabase(error);
    });
  }
}

function releasedWhenEnded(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const giveBack = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('end', onEnd);
    release(error);
  };
  const onEnd = () => giveBack(new Error('Connection terminated'));
  client.once('end', onEnd);
  client.release = giveBack;
  return client;
}

/** The first pause before the listener reconnects; it doubles per failed attempt up to the maximum. */
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;
/**
 * How often the listening connection is checked with a query. A connection a router or proxy
 * dropped without telling anyone looks open but delivers nothing; TCP keepalive would notice
 * only after minutes.
 */
const LISTENER_PING_MS = 10_000;
const LISTENER_PING_TIMEOUT_MS = 5_000;

/**
 * LISTEN on a connection of its own, outside the pool, that stays open: when it drops it is
 * opened again with back-off, LISTEN is repeated and `onRestored` tells the caller that
 * notifications sent meanwhile were missed. Resolves once listening (or rejects: start-up
 * should fail loudly); resolves to a function that stops for good.
 */
async function listenWithReconnect(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  hooks: ListenHooks,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let delay = RECONNECT_FIRST_MS;
  let retry: NodeJS.Timeout | undefined;
  let ping: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client, error: Error) => {
    // Each connection is lost once, and only the current one matters.
    if (client !== current || stopped) return;
    current = null;
    clearInterval(ping);
    client.end().catch(() => {});
    hooks.onLost?.(error);
    scheduleReconnect();
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString: url,
      fallback_application_name: APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    client.on('notification', (message) => {
      if (client === current && message.channel === channel && message.payload !== undefined) {
        onMessage(message.payload);
      }
    });
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client, new Error('Connection terminated: the listening connection ended')));
    try {
      await client.connect();
      // This connection is idle by design: a role's or database's idle_session_timeout must not
      // end it (PostgreSQL 14 and newer; older ones have no such setting).
      await client.query('set idle_session_timeout = 0').catch(() => {});
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
    ping = setInterval(() => {
      const timeout = new Promise<never>((_resolve, reject) => {
        setTimeout(
          () => reject(new Error('Connection terminated: the listening connection stopped answering')),
          LISTENER_PING_TIMEOUT_MS,
        ).unref();
      });
      Promise.race([client.query('select 1'), timeout]).catch((error: Error) => lost(client, error));
    }, LISTENER_PING_MS);
    ping.unref();
  };

  const scheduleReconnect = () => {
    retry = setTimeout(() => {
      connect().then(
        () => {
          delay = RECONNECT_FIRST_MS;
          if (!stopped) hooks.onRestored?.();
        },
        () => {
          delay = Math.min(delay * 2, RECONNECT_MAX_MS);
          if (!stopped) scheduleReconnect();
        },
      );
    }, delay);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(ping);
    const client = current;
    current = null;
    await client?.end();
  };
}
