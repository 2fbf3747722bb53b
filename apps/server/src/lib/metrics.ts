import { timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { jobs, sql, type Db } from '@doppel/db';
import type { Clock } from './clock';

/**
 * What an operator scrapes at /metrics (Prometheus text format, prom-client). One registry per
 * app, so the tests' many apps in one process never count into each other. Figures that live in
 * the database (the job queue) are read at scrape time, so every process reports the same
 * cluster-wide queue; figures of this process (HTTP latency, sends, the pool) are its own.
 */
export interface Metrics {
  readonly registry: Registry;
  /** One answered HTTP request; `route` is the route's pattern, never the raw URL. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** One message or email that left (or failed to leave) through a channel. */
  recordOutboundSend(channel: OutboundChannel, outcome: OutboundOutcome): void;
}

/** `push`: a Web Push notification to one of the user's own browsers (issue 23). */
export type OutboundChannel = 'telegram' | 'whatsapp' | 'slack' | 'discord' | 'email' | 'push';
/** `kept`: an email written to the outbox only, because no SMTP server is configured. */
export type OutboundOutcome = 'sent' | 'failed' | 'kept';

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface MetricsSources {
  db: Db;
  clock: Clock;
  /** The database pool's connections; null where there is no pool (PGlite). */
  poolStats: () => PoolStats | null;
  /** Node's own figures (CPU, memory, event-loop lag, GC); main.ts turns them on, tests do not. */
  processMetrics?: boolean;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  if (sources.processMetrics) collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'doppel_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const outboundSends = new Counter({
    name: 'doppel_outbound_sends_total',
    help: 'Messages and emails sent to contacts and users, by channel and outcome.',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  });

  // The queue is read once per scrape and shared by both job gauges.
  let queueRead: Promise<QueueFigures[]> | null = null;
  const readQueue = () => {
    queueRead ??= readQueueFigures(sources.db, sources.clock.now()).finally(() => {
      queueRead = null;
    });
    return queueRead;
  };
  new Gauge({
    name: 'doppel_jobs',
    help: 'Durable jobs in the queue, by kind and status (queued, running, failed); cluster-wide.',
    labelNames: ['kind', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await readQueue()) this.set({ kind: row.kind, status: row.status }, row.count);
    },
  });
  new Gauge({
    name: 'doppel_job_queue_oldest_age_seconds',
    help: 'How long the oldest due job of a kind has been waiting to start; cluster-wide.',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const now = sources.clock.now().getTime();
      for (const row of await readQueue()) {
        if (row.status !== 'queued' || !row.oldestRunAt) continue;
        this.set({ kind: row.kind }, Math.max(0, (now - row.oldestRunAt.getTime()) / 1000));
      }
    },
  });
  new Gauge({
    name: 'doppel_db_pool_connections',
    help: "This process's PostgreSQL pool: connections open (total), idle, and requests waiting for one.",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const stats = sources.poolStats();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  return {
    registry,
    observeRequest(method, route, statusCode, seconds) {
      requestDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    recordOutboundSend(channel, outcome) {
      outboundSends.inc({ channel, outcome });
    },
  };
}

interface QueueFigures {
  kind: string;
  status: string;
  count: number;
  /** The earliest run time of the kind's due queued jobs; null for other statuses. */
  oldestRunAt: Date | null;
}

async function readQueueFigures(db: Db, now: Date): Promise<QueueFigures[]> {
  const rows = await db
    .select({
      kind: jobs.kind,
      status: jobs.status,
      count: sql<number>`count(*)::int`,
      oldestRunAt: sql<
        string | null
      >`min(${jobs.runAt}) filter (where ${jobs.status} = 'queued' and ${jobs.runAt} <= ${now})`,
    })
    .from(jobs)
    .groupBy(jobs.kind, jobs.status);
  return rows.map((row) => ({
    kind: row.kind,
    status: row.status,
    count: Number(row.count),
    oldestRunAt: row.oldestRunAt ? new Date(row.oldestRunAt) : null,
  }));
}

/**
 * Who may read /metrics. With METRICS_TOKEN set: whoever sends it as a Bearer token. Without it:
 * only a direct connection from this machine — a reverse proxy forwarding an outside request
 * adds X-Forwarded-For, so such a request is refused even though it arrives on loopback.
 */
export function mayReadMetrics(
  token: string | undefined,
  request: { headers: Record<string, string | string[] | undefined>; socket: { remoteAddress?: string } },
): boolean {
  if (token) {
    const given = request.headers.authorization;
    if (typeof given !== 'string' || !given.startsWith('Bearer ')) return false;
    const expected = Buffer.from(token);
    const actual = Buffer.from(given.slice('Bearer '.length));
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined)
    return false;
  const address = request.socket.remoteAddress ?? '';
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}
