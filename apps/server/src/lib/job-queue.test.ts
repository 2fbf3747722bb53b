import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, jobs, openDatabase, sql, type Database } from '@doppel/db';
import {
  faultTestDatabase,
  uniqueApplicationName,
  withApplicationName,
  withUser,
} from '../test-support/postgres-faults';
import { eventually, ManualClock, testDatabase } from '../test-support/test-app';
import type { Clock } from './clock';
import { systemClock } from './clock';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './job-queue';

/*
 * Two queues on one database stand for two processes: with TEST_DATABASE_URL they talk to
 * PostgreSQL over separate connections, notices included. Every test uses job kinds of its own,
 * so nothing else that shares the database is touched.
 */
let database: Database;
const log = pino({ level: 'silent' });
const started: JobQueue[] = [];
const kindsUsed: string[] = [];

beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await Promise.all(started.map((queue) => queue.stop()));
  if (kindsUsed.length > 0) await database.db.delete(jobs).where(sql`${jobs.kind} in ${kindsUsed}`);
});

const kind = (label: string) => {
  const name = `test:${label}:${randomUUID()}`;
  kindsUsed.push(name);
  return name;
};

function queue(options: Partial<JobQueueOptions> & { clock?: Clock } = {}): JobQueue {
  return createJobQueue({ db: database.db, clock: systemClock, log, ...options });
}

async function start(jobQueue: JobQueue): Promise<JobQueue> {
  await jobQueue.start();
  started.push(jobQueue);
  return jobQueue;
}

const enqueue = (jobQueue: JobQueue, jobKind: string, payload: Record<string, unknown> = {}) =>
  jobQueue.enqueue(database.db, jobKind, { userId: randomUUID(), ...payload });

async function until(check: () => boolean, withinMs = 5000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A promise the test settles by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('schedules', () => {
  it('run once per slot however many processes start them', async () => {
    const clock = new ManualClock(new Date('2026-11-26T10:00:00.000Z'));
    const name = kind('schedule');
    let runs = 0;
    const processes = [queue({ clock }), queue({ clock }), queue({ clock })];
    for (const each of processes) each.schedule({ name, everyMs: 60_000, run: async () => void runs++ });

    // Every process makes sure the schedule has its row, all at once: there is still one.
    await Promise.all(processes.map((each) => each.ensureSchedules()));
    await Promise.all(processes.map((each) => each.ensureSchedules()));
    const rows = () => database.db.select().from(jobs).where(eq(jobs.kind, name));
    expect(await rows()).toHaveLength(1);

    // A new schedule runs at once; then once per slot, on whichever process claims it.
    const ran = await Promise.all(processes.map((each) => each.runDue()));
    expect(ran.reduce((a, b) => a + b)).toBe(1);
    expect(runs).toBe(1);
    expect(await rows()).toMatchObject([
      { status: 'queued', runAt: new Date('2026-11-26T10:01:00.000Z'), attempts: 0, lockedBy: null },
    ]);
    expect((await Promise.all(processes.map((each) => each.runDue()))).reduce((a, b) => a + b)).toBe(0);

    clock.advance(30_000); // still in the same slot
    expect((await Promise.all(processes.map((each) => each.runDue()))).reduce((a, b) => a + b)).toBe(0);
    clock.advance(30_000); // the next slot
    expect((await Promise.all(processes.map((each) => each.runDue()))).reduce((a, b) => a + b)).toBe(1);
    clock.advance(10 * 60_000); // ten slots missed while down: one run, not ten
    expect((await Promise.all(processes.map((each) => each.runDue()))).reduce((a, b) => a + b)).toBe(1);
    expect(runs).toBe(3);
    expect(await rows()).toHaveLength(1);
  });

  it('wait for their next slot after a failure instead of failing for good', async () => {
    const clock = new ManualClock(new Date('2026-11-26T10:00:10.000Z'));
    const name = kind('failing-schedule');
    const jobQueue = queue({ clock });
    let runs = 0;
    jobQueue.schedule({
      name,
      everyMs: 60_000,
      run: async () => {
        runs++;
        throw new Error('the platform is down');
      },
    });
    await jobQueue.ensureSchedules();
    for (let slot = 0; slot < 4; slot++) {
      expect(await jobQueue.runDue()).toBe(1);
      clock.advance(60_000);
    }
    expect(runs).toBe(4);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.kind, name));
    expect(row).toMatchObject({ status: 'queued', attempts: 0, lastError: 'the platform is down' });
  });

  it('run on the clock in started workers, each slot on one process only', async () => {
    const name = kind('live-schedule');
    const slots: number[] = [];
    const everyMs = 250;
    const processes = [queue(), queue()];
    for (const each of processes) {
      each.schedule({ name, everyMs, run: async () => void slots.push(Math.floor(Date.now() / everyMs)) });
    }
    await Promise.all(processes.map(start));
    await until(() => slots.length >= 4, 10_000);
    await Promise.all(processes.map((each) => each.stop()));
    expect(new Set(slots).size).toBe(slots.length);
  });
});

describe('the worker', () => {
  it('runs a slow kind beside others, and never more of a kind than its concurrency', async () => {
    const slow = kind('slow');
    const pair = kind('pair');
    const quick = kind('quick');
    const release = gate();
    const active = { [slow]: 0, [pair]: 0 };
    const most = { [slow]: 0, [pair]: 0 };
    const track = async (jobKind: string, work: Promise<unknown>) => {
      active[jobKind]!++;
      most[jobKind] = Math.max(most[jobKind]!, active[jobKind]!);
      await work;
      active[jobKind]!--;
    };
    let pairsDone = 0;
    let quickDone = 0;
    const worker = queue({
      concurrency: 4,
      listen: (channel, onMessage) => database.listen(channel, onMessage),
    });
    worker.register({ kind: slow, run: () => track(slow, release.opened) });
    worker.register({
      kind: pair,
      concurrency: 2,
      run: async () => {
        await track(pair, new Promise((resolve) => setTimeout(resolve, 40)));
        pairsDone++;
      },
    });
    worker.register({ kind: quick, run: async () => void quickDone++ });
    await start(worker);

    for (let n = 0; n < 3; n++) await enqueue(worker, slow);
    await until(() => active[slow] === 1);
    for (let n = 0; n < 6; n++) await enqueue(worker, pair);
    await enqueue(worker, quick);
    // The slow job holds one slot and its kind's only place; the others go on around it.
    await until(() => pairsDone === 6 && quickDone === 1);
    expect(active[slow]).toBe(1);
    expect(most[pair]).toBe(2);

    release.open();
    await eventually(async () => {
      const left = await database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.kind} in ${[slow, pair, quick]}`);
      expect(left).toEqual([]);
    }, 5000);
    expect(most[slow]).toBe(1);
  });

  it('starts a job another process enqueued within moments, woken by NOTIFY rather than its poll', async () => {
    const jobKind = kind('wake');
    const startedAt: number[] = [];
    // B polls once a minute: only the notice can wake it in time.
    const b = queue({ pollMs: 60_000, listen: (channel, onMessage) => database.listen(channel, onMessage) });
    b.register({ kind: jobKind, run: async () => void startedAt.push(performance.now()) });
    await start(b);
    const a = queue();
    const delays: number[] = [];
    for (let n = 0; n < 10; n++) {
      await enqueue(a, jobKind);
      const committed = performance.now();
      await until(() => startedAt.length === n + 1, 2000);
      delays.push(Math.max(0, startedAt[n]! - committed));
    }
    expect(Math.max(...delays)).toBeLessThan(500);
  });
});

describe('when the listening connection drops', () => {
  it('looks at the queue once it listens again, for the notices it missed meanwhile', async () => {
    // A database of its own on a real PostgreSQL (PGlite has no connection to drop), used through
    // a role whose connections can be refused while those it has stay open.
    const faults = await faultTestDatabase();
    const name = new URL(faults.url).pathname.slice(1);
    const role = `doppel_jobs_${randomUUID().slice(0, 8)}`;
    await faults.admin.query(`create role ${role} login`);
    await faults.admin.query(`alter database ${name} owner to ${role}`);
    const applicationName = uniqueApplicationName();
    const own = await openDatabase({
      kind: 'postgres',
      url: withApplicationName(withUser(faults.url, role), applicationName),
      poolSize: 2,
    });
    const jobKind = kind('missed');
    let ran = 0;
    // It polls once a minute: only a notice, or the listener coming back, can wake it in time.
    const worker = createJobQueue({
      db: own.db,
      clock: systemClock,
      log,
      pollMs: 60_000,
      listen: (channel, onMessage, hooks) => own.listen(channel, onMessage, hooks),
    });
    worker.register({ kind: jobKind, run: async () => void ran++ });
    try {
      await worker.start();
      await own.db.execute(sql`select 1`); // a pooled connection, open before new ones are refused
      await faults.admin.query(`alter role ${role} connection limit 0`);
      expect(await faults.terminate(applicationName, 'listener')).toBe(1);
      // Committed while nobody listens (the listener cannot reconnect): its notice is lost.
      await worker.enqueue(own.db, jobKind, { userId: randomUUID() });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(ran).toBe(0);

      await faults.admin.query(`alter role ${role} connection limit -1`);
      await until(() => ran === 1, 10_000);
    } finally {
      await worker.stop();
      await own.close();
      await faults.admin.query(`reassign owned by ${role} to current_user`);
      await faults.admin.query(`drop role ${role}`);
      await faults.drop();
    }
  });
});
