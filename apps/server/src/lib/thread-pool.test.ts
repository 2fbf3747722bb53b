import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createThreadPool, ThreadPoolError, ThreadTaskError, type ThreadPool } from './thread-pool';

const log = pino({ level: 'silent' });
const task = (name: string) => ({
  module: new URL('../test-support/thread-tasks.ts', import.meta.url),
  name,
});
let pool: ThreadPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('the thread pool', () => {
  it('runs a TypeScript task in a thread, with moved bytes, below the event loop on Linux', async () => {
    pool = createThreadPool({ size: 1, nice: 10, log });
    const bytes = new Uint8Array([1, 2, 3, 4]);
    const answer = await pool.run<{ threadId: number; sum: number; nice: number | null }>(
      task('describeThread'),
      [bytes],
      [bytes.buffer],
    );
    expect(answer.threadId).toBeGreaterThan(0);
    expect(answer.sum).toBe(10);
    expect(bytes.byteLength).toBe(0); // moved, not copied
    if (process.platform === 'linux') expect(answer.nice).toBe(10);
  });

  it('runs no more tasks at once than it has threads, and reuses them', async () => {
    pool = createThreadPool({ size: 2, log });
    const started = performance.now();
    const threads = await Promise.all(
      Array.from({ length: 4 }, () => pool!.run<number>(task('slowly'), [150])),
    );
    expect(new Set(threads).size).toBe(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('ends a thread left idle, giving its memory back, and starts another for the next task', async () => {
    pool = createThreadPool({ size: 1, idleMs: 100, log });
    const first = await pool.run<number>(task('slowly'), [1]);
    expect(await pool.run<number>(task('slowly'), [1])).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const next = await pool.run<number>(task('slowly'), [1]);
    expect(next).not.toBe(first);
  });

  it('passes on what a task threw, and survives a thread that ran out of memory', async () => {
    pool = createThreadPool({ size: 1, maxHeapMb: 32, log });
    const refused = await pool.run(task('refuse'), []).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ThreadTaskError);
    expect(refused).toMatchObject({ taskErrorName: 'RangeError', message: 'this input is refused' });

    const died = await pool.run(task('exhaustMemory'), []).catch((error: unknown) => error);
    expect(died).toBeInstanceOf(ThreadPoolError);
    expect(died).toMatchObject({ code: 'ERR_WORKER_OUT_OF_MEMORY' });
    // A new thread takes the next task.
    expect(await pool.run<number>(task('slowly'), [1])).toBeGreaterThan(0);
  });

  it('refuses tasks and stops its threads once closed', async () => {
    pool = createThreadPool({ size: 1, log });
    const running = pool.run(task('slowly'), [5000]).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await pool.close();
    expect(await running).toBeInstanceOf(ThreadPoolError);
    await expect(pool.run(task('slowly'), [1])).rejects.toThrow('The thread pool is closed.');
  });
});
