import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import { lockDataDir } from './data-dir-lock';

export type Schema = typeof schema;
/** The one database type domain code sees; PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
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
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** The PostgreSQL pool's connections (for /metrics); null on PGlite, which has no pool. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory' };

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/** Arbitrary constant: serializes migrations when several processes start against one PostgreSQL. */
const MIGRATION_LOCK_ID = 4_210_771;

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.kind === 'pglite' ? options.dataDir : undefined);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const releaseLock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    const client = dataDir ? new PGlite(path.join(dataDir, 'pglite')) : new PGlite();
    await client.waitReady;
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
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

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const migrationClient = await pool.connect();
  try {
    await migrationClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client: migrationClient, schema }), { migrationsFolder });
    await migrationClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
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
    ping: async () => {
      await pool.query('select 1');
    },
    refreshStatistics: async () => {},
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    // LISTEN needs a connection of its own that stays open, outside the pool.
    listen: async (channel, onMessage) => {
      const listener = new pg.Client({ connectionString: url });
      await listener.connect();
      listener.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
      });
      await listener.query(`listen ${pg.escapeIdentifier(channel)}`);
      return () => listener.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
