import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, jobs, sql, type Database, type Db, type DbOrTx } from '@doppel/db';
import type { Clock } from './clock';
import { storableText } from './text';

/*
 * Durable background jobs in the application's own database (docs/decisions/016 and 027). A job
 * row is written in the transaction of the change that needs it, so committing the change
 * commits the job; a worker claims due jobs with FOR UPDATE SKIP LOCKED and a lease it renews
 * while it works. If the process dies mid-job the lease runs out and any worker — this process
 * after a restart, or another one — takes the job over. Any number of processes may run workers
 * against one PostgreSQL; on PGlite the one process that holds the data directory does.
 *
 * A worker runs several jobs at once (a global cap) but at most `concurrency` of one kind, so a
 * slow campaign run or document cannot hold up inbound messages. It sleeps until the next job it
 * knows of is due, and every committed job wakes every process's worker at once: a trigger on
 * the table sends NOTIFY doppel_jobs (migration 0015), whichever code path enqueued it. The poll
 * is only a safety net for a missed notice.
 *
 * Schedules (work on a clock: messenger polling, housekeeping) are job rows too, one per
 * schedule, kept unique by a singleton key; the row is queued again for its next slot when a
 * run ends, so the cluster runs each slot once, on whichever worker claims it.
 */

export interface JobHandler<P extends { userId: string }> {
  kind: string;
  run(payload: P): Promise<void>;
  /** Called once the last attempt has failed (or the job kept dying), to leave a trace. */
  onFailed?(payload: P, error: Error): Promise<void>;
  maxAttempts?: number;
  /** At most this many jobs of the kind run at once in one process's worker; default 1. */
  concurrency?: number;
}

/** Work the cluster does on a clock, once per slot, whichever process runs it. */
export interface Schedule {
  /** Stable across releases: it is the schedule's job kind and the key of its one row. */
  name: string;
  /**
   * Slots are the multiples of this since the epoch. A run that fails, or that overruns into
   * later slots, waits for the next slot after it ends; a missed slot is not caught up.
   */
  everyMs: number;
  run(): Promise<void>;
}

type JobRow = typeof jobs.$inferSelect;

/** One registered kind: a user's job (a handler) or a schedule. */
interface Kind {
  kind: string;
  run(payload: unknown): Promise<void>;
  onFailed?(payload: unknown, error: Error): Promise<void>;
  maxAttempts: number;
  concurrency: number;
  /** Set for a schedule: its row is queued again for the next slot instead of removed. */
  everyMs?: number;
}

export interface JobQueueOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How long a claim holds before another worker may take the job over. */
  leaseMs?: number;
  /** The longest an idle worker sleeps before it looks at the queue anyway (a missed notice). */
  pollMs?: number;
  /** How many jobs the worker runs at once, all kinds together. */
  concurrency?: number;
  /** LISTEN on the database (Database.listen): how the worker hears of jobs from any process. */
  listen?: Database['listen'];
  /** Runs after each job, done or failed (the change feed catching up on its writes). */
  afterEach?: () => Promise<void>;
}

export interface EnqueueOptions {
  /** Not before this time; the default is now. */
  runAt?: Date;
  /**
   * The caller runs the job itself right after its commit (runNow), so that whoever made the
   * change sees its effect at once: workers leave it for a grace period and take it over only
   * if that did not happen (the process died in between, or runNow could not start).
   */
  deferToCaller?: boolean;
}

export interface JobQueue {
  register<P extends { userId: string }>(handler: JobHandler<P>): void;
  /** Adds a schedule; register every schedule before start(). */
  schedule(schedule: Schedule): void;
  /**
   * Adds a job; pass the transaction of the change that needs it. Committing it wakes the
   * worker of every process. `runAt` schedules it for later; without it the job is due now.
   */
  enqueue(
    tx: DbOrTx,
    kind: string,
    payload: { userId: string } & Record<string, unknown>,
    options?: EnqueueOptions,
  ): Promise<string>;
  /**
   * Makes sure each registered schedule has its one row (race-safe: any number of processes
   * may do it at once). start() calls it; tests that drive schedules with runDue() call it.
   */
  ensureSchedules(): Promise<void>;
  /** Ensures the schedules' rows, listens for new jobs and starts the worker (main.ts). */
  start(): Promise<void>;
  /** Stops the worker and waits for the jobs in hand. */
  stop(): Promise<void>;
  /**
   * Claims and runs due jobs one after another until none is left; resolves to how many ran.
   * `userId` limits it to one user's jobs (tests sharing a database keep to their own); without
   * it, due schedules run too.
   */
  runDue(options?: RunDueOptions): Promise<number>;
  /**
   * Runs these jobs now, once each, if they are committed, queued and not taken by another
   * worker — even when queued for later (deferToCaller).
   */
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

/** The channel migration 0015's trigger notifies when a job is queued; the payload is its kind. */
export const JOBS_CHANNEL = 'doppel_jobs';
export const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_POLL_MS = 10_000;
const DEFAULT_CONCURRENCY = 4;
/** How long workers leave a job its caller runs after commit (deferToCaller). */
const CALLER_GRACE_MS = 5_000;
/** Back-off before attempt n+1: 5 s, 20 s, 80 s… */
const backoffMs = (attempts: number) => 5_000 * 4 ** (attempts - 1);
/** The first slot of a schedule after `now`. */
const nextSlot = (now: Date, everyMs: number) =>
  new Date((Math.floor(now.getTime() / everyMs) + 1) * everyMs);

/** Names this worker in `locked_by`: the host and process an operator would look for. */
const workerName = () => `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, clock, log } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const me = workerName();
  const kinds = new Map<string, Kind>();

  // The worker's state: the jobs it holds, per kind, and how it sleeps.
  let running = false;
  let loop: Promise<void> | null = null;
  let stopListening: (() => Promise<void>) | null = null;
  const inHand = new Set<Promise<void>>();
  const activeByKind = new Map<string, number>();
  let woken = false;
  let interruptSleep: (() => void) | null = null;

  function addKind(kind: Kind) {
    if (kinds.has(kind.kind)) throw new Error(`Job kind ${kind.kind} is registered twice`);
    kinds.set(kind.kind, kind);
  }

  interface ClaimFilter extends RunDueOptions {
    ids?: readonly string[];
    /** Only these kinds (the worker's kinds with a free slot); default every registered kind. */
    only?: readonly string[];
  }

  async function claim(filter: ClaimFilter = {}): Promise<JobRow | null> {
    const { userId, ids } = filter;
    const now = clock.now();
    const claimable = filter.only ?? [...kinds.keys()];
    if (claimable.length === 0) return null;
    // runNow's jobs are queued with a grace period for exactly this call: they are due to it.
    const queuedAndDue = ids ? sql`status = 'queued'` : sql`(status = 'queued' and run_at <= ${now})`;
    const [job] = await db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: new Date(now.getTime() + leaseMs),
        lockedBy: me,
        updatedAt: now,
      })
      .where(
        sql`${jobs.id} = (
          select id from jobs
          where kind in ${claimable}
            and (${queuedAndDue} or (status = 'running' and locked_until < ${now}))
            ${userId ? sql`and payload->>'userId' = ${userId}` : sql``}
            ${ids ? sql`and id in ${ids}` : sql``}
          order by run_at
          limit 1
          for update skip locked
        )`,
      )
      .returning();
    return job ?? null;
  }

  async function renewLease(id: string): Promise<void> {
    const now = clock.now();
    await db
      .update(jobs)
      .set({ lockedUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'running')));
  }

  /** A schedule's run ended, well or not: its row waits for the next slot. */
  async function queueNextSlot(job: JobRow, kind: Kind & { everyMs: number }, error?: Error) {
    const now = clock.now();
    await db
      .update(jobs)
      .set({
        status: 'queued',
        runAt: nextSlot(now, kind.everyMs),
        attempts: 0,
        lockedUntil: null,
        lockedBy: null,
        lastError: error ? storableText(error.message) : null,
        updatedAt: now,
      })
      .where(eq(jobs.id, job.id));
  }

  async function fail(job: JobRow, kind: Kind | undefined, error: Error) {
    log.warn({ err: error, job: { id: job.id, kind: job.kind, attempts: job.attempts } }, 'job failed');
    if (kind?.everyMs !== undefined) return queueNextSlot(job, { ...kind, everyMs: kind.everyMs }, error);
    const now = clock.now();
    const final = !kind || job.attempts >= job.maxAttempts;
    // A message may quote the text that failed, NUL and all; it must not fail in turn.
    const lastError = storableText(error.message);
    await db
      .update(jobs)
      .set(
        final
          ? { status: 'failed', lockedUntil: null, lockedBy: null, lastError, updatedAt: now }
          : {
              status: 'queued',
              lockedUntil: null,
              lockedBy: null,
              lastError,
              runAt: new Date(now.getTime() + backoffMs(job.attempts)),
              updatedAt: now,
            },
      )
      .where(eq(jobs.id, job.id));
    if (final && kind?.onFailed) {
      await kind.onFailed(job.payload, error).catch((failure: unknown) => {
        log.error({ err: failure, jobId: job.id }, 'job failure handler failed');
      });
    }
  }

  async function execute(job: JobRow): Promise<void> {
    const kind = kinds.get(job.kind);
    if (!kind) return fail(job, undefined, new Error(`No handler for job kind ${job.kind}`));
    // A job claimed again after its lease ran out more often than it may be tried kept killing
    // its worker: stop there rather than loop.
    if (job.attempts > job.maxAttempts) {
      return fail(job, kind, new Error('The job stopped without finishing too many times.'));
    }
    const heartbeat = setInterval(() => {
      renewLease(job.id).catch((error: unknown) => log.warn({ err: error }, 'could not renew a job lease'));
    }, leaseMs / 3);
    heartbeat.unref();
    try {
      await kind.run(job.payload);
      if (kind.everyMs !== undefined) await queueNextSlot(job, { ...kind, everyMs: kind.everyMs });
      else await db.delete(jobs).where(eq(jobs.id, job.id));
    } catch (error) {
      await fail(job, kind, error instanceof Error ? error : new Error(String(error)));
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

  // ——— The worker ———

  function wake() {
    woken = true;
    interruptSleep?.();
  }

  /** Kinds of which the worker may start one more job now. */
  function kindsWithRoom(): string[] {
    if (inHand.size >= concurrency) return [];
    return [...kinds.values()]
      .filter((kind) => (activeByKind.get(kind.kind) ?? 0) < kind.concurrency)
      .map((kind) => kind.kind);
  }

  function launch(job: JobRow) {
    activeByKind.set(job.kind, (activeByKind.get(job.kind) ?? 0) + 1);
    const work: Promise<void> = execute(job)
      .catch((error: unknown) =>
        log.error({ err: error, jobId: job.id }, 'job worker could not finish a job'),
      )
      .finally(() => {
        activeByKind.set(job.kind, (activeByKind.get(job.kind) ?? 1) - 1);
        inHand.delete(work);
        // A slot is free: another job of this kind, or of any kind, may start.
        wake();
      });
    inHand.add(work);
  }

  /** Claims due jobs while there is room, and starts them. */
  async function fill(): Promise<void> {
    while (running) {
      const only = kindsWithRoom();
      if (only.length === 0) return;
      const job = await claim({ only });
      if (!job) return;
      launch(job);
    }
  }

  /**
   * How long to sleep: until the next queued job becomes due or a lease runs out (a job whose
   * worker may have died), at most pollMs. Notices wake the worker sooner.
   */
  async function untilNextDue(): Promise<number> {
    const now = clock.now();
    const ours = [...kinds.keys()];
    if (ours.length === 0) return pollMs;
    const result = await db.execute(sql`
      select least(
        (select min(run_at) from jobs where status = 'queued' and run_at > ${now} and kind in ${ours}),
        (select min(locked_until) from jobs where status = 'running' and locked_until > ${now} and kind in ${ours})
      ) as next`);
    // PGlite and node-postgres both answer raw SQL with { rows }; the time comes as a Date or text.
    const next = (result as { rows: Array<{ next: Date | string | null }> }).rows[0]?.next;
    if (next === null || next === undefined) return pollMs;
    const ms = new Date(next).getTime() - now.getTime();
    // A few milliseconds past the moment, so the job is due when the worker looks.
    return Math.min(pollMs, Math.max(0, ms + 5));
  }

  async function work(): Promise<void> {
    while (running) {
      woken = false;
      let sleepMs = pollMs;
      try {
        await fill();
        sleepMs = await untilNextDue();
      } catch (error) {
        log.error({ err: error }, 'job worker could not read the queue');
      }
      if (!running) break;
      if (woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, sleepMs);
        timer.unref();
        interruptSleep = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      interruptSleep = null;
    }
  }

  async function ensureSchedules(): Promise<void> {
    const now = clock.now();
    for (const kind of kinds.values()) {
      if (kind.everyMs === undefined) continue;
      // One row per schedule, whoever comes first (the unique singleton key); a later start
      // brings a changed interval in and never pushes a run back.
      await db
        .insert(jobs)
        .values({
          kind: kind.kind,
          payload: { everyMs: kind.everyMs },
          runAt: now,
          maxAttempts: kind.maxAttempts,
          singletonKey: kind.kind,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: jobs.singletonKey,
          targetWhere: sql`singleton_key is not null`,
          set: {
            payload: { everyMs: kind.everyMs },
            status: sql`case when ${jobs.status} = 'failed' then 'queued' else ${jobs.status} end`,
            runAt: sql`case when ${jobs.status} = 'running' then ${jobs.runAt}
              else least(${jobs.runAt}, ${nextSlot(now, kind.everyMs).toISOString()}::timestamptz) end`,
            updatedAt: now,
          },
        });
    }
  }

  return {
    register(handler) {
      addKind({
        kind: handler.kind,
        run: (payload) => handler.run(payload as Parameters<typeof handler.run>[0]),
        onFailed: handler.onFailed
          ? (payload, error) => handler.onFailed!(payload as Parameters<typeof handler.run>[0], error)
          : undefined,
        maxAttempts: handler.maxAttempts ?? 3,
        concurrency: handler.concurrency ?? 1,
      });
    },
    schedule(schedule) {
      addKind({
        kind: schedule.name,
        run: () => schedule.run(),
        maxAttempts: 3,
        concurrency: 1,
        everyMs: schedule.everyMs,
      });
    },
    async enqueue(tx, kind, payload, enqueueOptions = {}) {
      const now = clock.now();
      const maxAttempts = kinds.get(kind)?.maxAttempts ?? 3;
      const runAt = enqueueOptions.deferToCaller
        ? new Date(now.getTime() + CALLER_GRACE_MS)
        : (enqueueOptions.runAt ?? now);
      const [row] = await tx
        .insert(jobs)
        .values({ kind, payload, runAt, maxAttempts, createdAt: now, updatedAt: now })
        .returning({ id: jobs.id });
      return row!.id;
    },
    ensureSchedules,
    async start() {
      if (running) return;
      running = true;
      await ensureSchedules();
      if (options.listen) {
        stopListening = await options.listen(
          JOBS_CHANNEL,
          (kind) => {
            if (kinds.has(kind)) wake();
          },
          // Jobs committed while the listening connection was down sent notices nobody heard.
          { onRestored: wake },
        );
      }
      loop = work();
    },
    async stop() {
      running = false;
      interruptSleep?.();
      await loop;
      loop = null;
      await Promise.all(inHand);
      await stopListening?.();
      stopListening = null;
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
      // One attempt each: a job that fails waits for its back-off like any other.
      let left = [...ids];
      while (left.length > 0) {
        const job = await claim({ ids: left });
        if (!job) return;
        left = left.filter((id) => id !== job.id);
        await execute(job);
      }
    },
  };
}
