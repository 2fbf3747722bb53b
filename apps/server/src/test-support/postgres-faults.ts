import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';

/** The PostgreSQL server the fault tests use: TEST_DATABASE_URL's, or the local default. */
const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface FaultTestDatabase {
  /** A temporary database of our own: tests here terminate, block and reconfigure its sessions. */
  url: string;
  /** Runs SQL as the administrator, on the same database. */
  admin: pg.Client;
  /** Ends every session of this application name (or only its listener, or only the others). */
  terminate(applicationName: string, which?: 'all' | 'listener' | 'pool'): Promise<number>;
  drop(): Promise<void>;
}

/**
 * A temporary database on a real PostgreSQL server for fault tests (docs/decisions/025): the
 * server of TEST_DATABASE_URL when set, else postgres://postgres@127.0.0.1:5432. These tests
 * need a real server — PGlite has no connections to drop — so they fail, not skip, without one.
 */
export async function faultTestDatabase(): Promise<FaultTestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_SERVER_URL;
  const server = new pg.Client({ connectionString: serverUrl, application_name: 'doppel-fault-admin' });
  try {
    await server.connect();
  } catch (error) {
    throw new Error(
      `The database fault tests need a real PostgreSQL server and could not reach ${redacted(serverUrl)} ` +
        `(${(error as Error).message}). Start PostgreSQL on 127.0.0.1:5432 (user postgres, trust) ` +
        'or set TEST_DATABASE_URL to a database on a server where that user may create databases.',
      { cause: error },
    );
  }
  const name = `doppel_faults_${randomBytes(6).toString('hex')}`;
  try {
    await server.query(`create database ${name}`);
  } finally {
    await server.end();
  }
  const url = withDatabase(serverUrl, name);
  const admin = new pg.Client({ connectionString: url, application_name: 'doppel-fault-admin' });
  await admin.connect();
  return {
    url,
    admin,
    async terminate(applicationName, which = 'all') {
      const filter =
        which === 'listener'
          ? `and query ilike 'listen %'`
          : which === 'pool'
            ? `and query not ilike 'listen %'`
            : '';
      const result = await admin.query<{ pid: number }>(
        `select pg_terminate_backend(pid), pid from pg_stat_activity
          where application_name = $1 and datname = current_database() and pid <> pg_backend_pid() ${filter}`,
        [applicationName],
      );
      return result.rowCount ?? 0;
    },
    async drop() {
      await admin.end();
      const again = new pg.Client({ connectionString: serverUrl, application_name: 'doppel-fault-admin' });
      await again.connect();
      try {
        await again.query(`drop database if exists ${name} with (force)`);
      } finally {
        await again.end();
      }
    },
  };
}

/** A unique application name, so a test finds (and terminates) its own app's sessions only. */
export function uniqueApplicationName(): string {
  return `doppel-test-${randomBytes(4).toString('hex')}`;
}

/** The URL with another database, user or application name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export function withApplicationName(url: string, applicationName: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', applicationName);
  return parsed.toString();
}

export function withUser(url: string, user: string): string {
  const parsed = new URL(url);
  parsed.username = user;
  parsed.password = '';
  return parsed.toString();
}

function redacted(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

export interface TcpProxy {
  /** A URL like `url` that reaches its server through the proxy. */
  url(url: string): string;
  /** Drops every connection and refuses new ones, as a stopped or unreachable server does. */
  cut(): Promise<void>;
  /**
   * Ends the open connections at the server's side only, telling the app nothing — as a
   * failover or a router's time-out does: the app learns when it next sends something.
   */
  severSilently(): void;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of the test's PostgreSQL, so a test can take "the database"
 * away from one app — every connection dropped, new ones refused — without stopping the
 * server other tests share.
 */
export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
    const upstream = net.connect({ host: target.hostname, port: Number(target.port || 5432) });
    const pair = { client, upstream };
    pairs.add(pair);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        pairs.delete(pair);
      });
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  const port = await listen(0);
  return {
    url(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut: stop,
    severSilently() {
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        upstream.removeAllListeners('close');
        upstream.destroy();
        // The app's next bytes find nobody: only then does its side close.
        client.once('data', () => client.destroy());
        client.resume();
      }
    },
    async restore() {
      await listen(port);
    },
    close: stop,
  };
}
