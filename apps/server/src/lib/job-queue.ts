import type { FastifyBaseLogger } from 'fastify';
import { and, eq, jobs, sql, type Db, type DbOrTx } from '@doppel/db';
import type { Clock } from './clock';
import { storableText } from './text';

/*
 * Durable background jobs in the application's own database (docs/decisions/016). A job row is
 * written in the transaction of the change that needs it, so committing the change commits the
 * job; a worker claims one due job at a time with FOR UPDATE SKIP LOCKED and a lease it renews
 * while it works. If the process dies mid-job the lease runs out and any worker — this process
 * after a restart, or another one — takes the job over. Any number of processes may run workers
 * against one PostgreSQL; on PGlite the one process that holds the data directory does.
 */

export interface JobHandler<P extends { userId: string }> {
  kind: string;
  run(payload: P): Promise<void>;
  /** Called once the last attempt has failed (or the job kept dying), to leave a trace. */
  onFailed?(payload: P, error: Error): Promise<void>;
  maxAttempts?: number;
}

type JobRow = typeof jobs.$inferSelect;

export interface JobQueueOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How long a claim holds before another worker may take the job over. */
  leaseMs?: number;
  /** How often an idle worker looks for due jobs written by other processes. */
  pollMs?: number;
  /** Runs after each job, done or failed (the change feed catching up on its writes). */
  afterEach?: () => Promise<void>;
}

export interface EnqueueOptions {
  /** Not before this time; the default is now. */
  runAt?: Date;
}

export interface JobQueue {
  register<P extends { userId: string }>(handler: JobHandler<P>): void;
  /**
   * Adds a job; pass the transaction of the change that needs it. Call wake() after commit.
   * `runAt` schedules it for later (a poll at its next slot); without it the job is due now.
   */
  enqueue(
    tx: DbOrTx,
    kind: string,
    payload: { userId: string } & Record<string, unknown>,
    options?: EnqueueOptions,
  ): Promise<string>;
  /** Tells this process's worker that a job was committed, so it need not wait for its poll. */
  wake(): void;
  /** Starts the polling worker (main.ts); tests call runDue() instead. */
  start(): void;
  /** Stops polling and waits for the job in hand. */
  stop(): Promise<void>;
  /**
   * Claims and runs due jobs one after another until none is left; resolves to how many ran.
   * `userId` limits it to one user's jobs (tests sharing a database keep to their own).
   */
  runDue(options?: RunDueOptions): Promise<number>;
  /** Runs these jobs now, if they are committed, due and not taken by another worker. */
  runNow(ids: readonly string[]): Promise<void>;
  /** Queued (not running) jobs of a kind whose payload has these values. */
  queued(tx: DbOrTx, kind: string, match: PayloadMatch): Promise<Array<{ id: string; runAt: Date }>>;
  /** Moves such queued jobs to `runAt` when that is earlier; answers their run time, or null if none. */
  moveEarlier(tx: DbOrTx, kind: string, match: PayloadMatch, runAt: Date): Promise<Date | null>;
  /** Drops such queued jobs; a job already running carries on. */
  cancelQueued(tx: DbOrTx, kind: string, match: PayloadMatch): Promise<void>;
}

/** Payload fields a queued job must have, compared as text. */
export type PayloadMatch = Record<string, string>;

const queuedMatching = (kind: string, match: PayloadMatch) =>
  and(
    eq(jobs.kind, kind),
    eq(jobs.status, 'queued'),
    ...Object.entries(match).map(([field, value]) => sql`${jobs.payload}->>${field} = ${value}`),
  );

export interface RunDueOptions {
  userId?: string;
}

export const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_POLL_MS = 2_000;
/** Back-off before attempt n+1: 5 s, 20 s, 80 s… */
const backoffMs = (attempts: number) => 5_000 * 4 ** (attempts - 1);

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, clock, log } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  // Handlers take their payload type on register; the queue itself sees only the userId.
  const handlers = new Map<string, JobHandler<{ userId: string }>>();
  let running = false;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;

  async function claim(filter: RunDueOptions & { ids?: readonly string[] } = {}): Promise<JobRow | null> {
    const { userId, ids } = filter;
    const now = clock.now();
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return null;
    const leaseEnd = new Date(now.getTime() + leaseMs);
    const result = await db.execute(sql`
      update jobs set status = 'running', attempts = attempts + 1, locked_until = ${leaseEnd},
        updated_at = ${now}
      where id = (
        select id from jobs
        where kind in ${kinds}
          and ((status = 'queued' and run_at <= ${now}) or (status = 'running' and locked_until < ${now}))
          ${userId ? sql`and payload->>'userId' = ${userId}` : sql``}
          ${ids ? sql`and id in ${ids}` : sql``}
        order by run_at
        limit 1
        for update skip locked
      )
      returning id`);
    // PGlite and node-postgres both answer raw SQL with { rows }.
    const id = (result as { rows: Array<{ id: string }> }).rows[0]?.id;
    if (!id) return null;
    const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
    return job ?? null;
  }

  async function renewLease(id: string): Promise<void> {
    const now = clock.now();
    await db
      .update(jobs)
      .set({ lockedUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'running')));
  }

  async function fail(job: JobRow, handler: JobHandler<{ userId: string }> | undefined, error: Error) {
    const now = clock.now();
    const final = !handler || job.attempts >= job.maxAttempts;
    // A message may quote the text that failed, NUL and all; it must not fail in turn.
    const lastError = storableText(error.message);
    await db
      .update(jobs)
      .set(
        final
          ? { status: 'failed', lockedUntil: null, lastError, updatedAt: now }
          : {
              status: 'queued',
              lockedUntil: null,
              lastError,
              runAt: new Date(now.getTime() + backoffMs(job.attempts)),
              updatedAt: now,
            },
      )
      .where(eq(jobs.id, job.id));
    log.warn({ err: error, job: { id: job.id, kind: job.kind, attempts: job.attempts } }, 'job failed');
    if (final && handler?.onFailed) {
      await handler.onFailed(job.payload as { userId: string }, error).catch((failure: unknown) => {
        log.error({ err: failure, jobId: job.id }, 'job failure handler failed');
      });
    }
  }

  async function execute(job: JobRow): Promise<void> {
    const handler = handlers.get(job.kind);
    if (!handler) return fail(job, undefined, new Error(`No handler for job kind ${job.kind}`));
    // A job claimed again after its lease ran out more often than it may be tried kept killing
    // its worker: stop there rather than loop.
    if (job.attempts > job.maxAttempts) {
      return fail(job, handler, new Error('The job stopped without finishing too many times.'));
    }
    const heartbeat = setInterval(() => {
      renewLease(job.id).catch((error: unknown) => log.warn({ err: error }, 'could not renew a job lease'));
    }, leaseMs / 3);
    heartbeat.unref();
    try {
      await handler.run(job.payload as { userId: string });
      await db.delete(jobs).where(eq(jobs.id, job.id));
    } catch (error) {
      await fail(job, handler, error instanceof Error ? error : new Error(String(error)));
    } finally {
      clearInterval(heartbeat);
      await options
        .afterEach?.()
        .catch((error: unknown) => log.warn({ err: error }, 'after-job hook failed'));
    }
  }

  async function runDue(runOptions: RunDueOptions = {}): Promise<number> {
    let ran = 0;
    const next = () => claim(runOptions);
    for (let job = await next(); job; job = await next()) {
      await execute(job);
      ran++;
    }
    return ran;
  }

  async function poll(): Promise<void> {
    while (running) {
      try {
        await runDue();
      } catch (error) {
        log.error({ err: error }, 'job worker could not read the queue');
      }
      if (!running) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        timer.unref();
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  }

  return {
    register(handler) {
      handlers.set(handler.kind, handler);
    },
    async enqueue(tx, kind, payload, enqueueOptions = {}) {
      const now = clock.now();
      const maxAttempts = handlers.get(kind)?.maxAttempts ?? 3;
      const runAt = enqueueOptions.runAt ?? now;
      const [row] = await tx
        .insert(jobs)
        .values({ kind, payload, runAt, maxAttempts, createdAt: now, updatedAt: now })
        .returning({ id: jobs.id });
      return row!.id;
    },
    wake() {
      wakeUp?.();
    },
    start() {
      if (running) return;
      running = true;
      loop = poll();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
      loop = null;
    },
    runDue,
    queued: (tx, kind, match) =>
      tx.select({ id: jobs.id, runAt: jobs.runAt }).from(jobs).where(queuedMatching(kind, match)),
    async moveEarlier(tx, kind, match, runAt) {
      const moved = await tx
        .update(jobs)
        .set({
          runAt: sql`least(${jobs.runAt}, ${runAt.toISOString()}::timestamptz)`,
          updatedAt: clock.now(),
        })
        .where(queuedMatching(kind, match))
        .returning({ runAt: jobs.runAt });
      return moved[0]?.runAt ?? null;
    },
    async cancelQueued(tx, kind, match) {
      await tx.delete(jobs).where(queuedMatching(kind, match));
    },
    async runNow(ids) {
      if (ids.length === 0) return;
      for (let job = await claim({ ids }); job; job = await claim({ ids })) await execute(job);
    },
  };
}
