import { randomBytes } from 'node:crypto';
import pg from 'pg';

/*
 * A PostgreSQL database of its own for a test that runs whole server processes (which would
 * otherwise run every job in a shared test database): created on the server a URL points at,
 * through its maintenance database, and dropped afterwards.
 */

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty database on the server of `serverUrl`; the error names the server when it is unreachable. */
export async function createScratchDatabase(
  serverUrl: string,
  prefix = 'doppel_scratch',
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const maintenance = new URL(serverUrl);
  maintenance.pathname = '/postgres';
  const where = `${maintenance.hostname}:${maintenance.port || 5432}`;
  const admin = new pg.Client({ connectionString: maintenance.href, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } catch (error) {
    throw new Error(
      `Could not create a database on PostgreSQL at ${where}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: maintenance.href });
      await client.connect();
      try {
        await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
