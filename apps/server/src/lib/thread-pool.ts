import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';

/*
 * A small pool of worker threads for CPU-bound work that would otherwise stall the event loop
 * and every request with it — reading a 100-page PDF takes seconds (docs/decisions/027). A task
 * names an exported function of a module by URL; a thread imports the module and calls it with
 * structured-cloned arguments. Threads start on first use and are terminated by close().
 */

/** A function a thread can run: an export of a module (pass `moduleBeside(import.meta.url, 'x')`). */
export interface ThreadTask {
  module: URL;
  name: string;
}

export interface ThreadPool {
  /**
   * Runs the task in a thread. Resolves to its result; rejects with ThreadTaskError when the
   * function threw, or ThreadPoolError when its thread died (out of memory) or the pool closed.
   * `transfer` moves buffers to the thread instead of copying them.
   */
  run<T>(task: ThreadTask, args: unknown[], transfer?: ArrayBuffer[]): Promise<T>;
  close(): Promise<void>;
}

/** The task's own function threw; its name and message come across, its class does not. */
export class ThreadTaskError extends Error {
  constructor(
    readonly taskErrorName: string,
    message: string,
  ) {
    super(message);
    this.name = 'ThreadTaskError';
  }
}

/** The thread running the task died, or the pool was closed, before the task finished. */
export class ThreadPoolError extends Error {
  constructor(
    message: string,
    /** Node's code for why the thread died, e.g. ERR_WORKER_OUT_OF_MEMORY. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ThreadPoolError';
  }
}

export interface ThreadPoolOptions {
  /** At most this many threads. */
  size: number;
  /** The old-generation heap of each thread: a hostile file kills its thread, not the server. */
  maxHeapMb?: number;
  /** How far below the event loop's thread the threads run (Linux nice, 0–19); default 0. */
  nice?: number;
  /**
   * A thread idle this long ends, giving back its heap and the modules it loaded (tens of MB
   * after reading a PDF); the next task starts one again. Default 30 s.
   */
  idleMs?: number;
  log: FastifyBaseLogger;
}

interface Pending {
  task: ThreadTask;
  args: unknown[];
  transfer: ArrayBuffer[];
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  current: Pending | null;
  idleTimer?: NodeJS.Timeout;
}

export type ThreadReply = { result: unknown } | { error: { name: string; message: string } };

/**
 * A module beside the one at `moduleUrl` (pass `import.meta.url`): `name.ts` when the server runs
 * from its TypeScript sources, `name.js` when it runs compiled (scripts/server-build.mjs makes
 * each module a thread loads an output file of that name, beside the rest of the bundle).
 */
export function moduleBeside(moduleUrl: string, name: string): URL {
  return new URL(`./${name}${runsFromSources(moduleUrl) ? '.ts' : '.js'}`, moduleUrl);
}

function runsFromSources(moduleUrl: string): boolean {
  return new URL(moduleUrl).pathname.endsWith('.ts');
}

const WORKER_URL = moduleBeside(import.meta.url, 'thread-pool.worker');

/**
 * From its TypeScript sources (`node --import tsx`, Vitest's own transform), how far a thread
 * inherits its parent's loaders differs between runners and Node versions, so every thread loads
 * tsx itself, resolved to a file URL so it works whatever the working directory. Compiled, a
 * thread needs no loader.
 */
const THREAD_EXEC_ARGV = runsFromSources(import.meta.url)
  ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
  : [];

export function createThreadPool(options: ThreadPoolOptions): ThreadPool {
  const { size, log } = options;
  const idleMs = options.idleMs ?? 30_000;
  const threads = new Set<Thread>();
  const waiting: Pending[] = [];
  let closed = false;

  function spawn(): Thread {
    const worker = new Worker(WORKER_URL, {
      execArgv: THREAD_EXEC_ARGV,
      workerData: { nice: options.nice ?? 0 },
      resourceLimits: options.maxHeapMb ? { maxOldGenerationSizeMb: options.maxHeapMb } : undefined,
    });
    const thread: Thread = { worker, current: null };
    worker.on('message', (reply: ThreadReply) => {
      const pending = thread.current;
      thread.current = null;
      worker.unref();
      thread.idleTimer = setTimeout(() => {
        if (thread.current || !threads.delete(thread)) return;
        void worker.terminate();
      }, idleMs).unref();
      if (pending) {
        if ('error' in reply) pending.reject(new ThreadTaskError(reply.error.name, reply.error.message));
        else pending.resolve(reply.result);
      }
      dispatch();
    });
    // A thread that dies takes only its own task with it; the next task starts a new one.
    const died = (error: ThreadPoolError) => {
      if (!threads.delete(thread)) return;
      thread.current?.reject(error);
      thread.current = null;
      if (!closed) log.warn({ err: error }, 'a worker thread stopped');
      dispatch();
    };
    worker.on('error', (error: Error & { code?: string }) =>
      died(new ThreadPoolError(`The worker thread failed: ${error.message}`, error.code)),
    );
    worker.on('exit', (code) => died(new ThreadPoolError(`The worker thread exited (code ${code}).`)));
    threads.add(thread);
    return thread;
  }

  function dispatch() {
    while (waiting.length > 0 && !closed) {
      const idle = [...threads].find((thread) => thread.current === null);
      const thread = idle ?? (threads.size < size ? spawn() : null);
      if (!thread) return;
      const pending = waiting.shift()!;
      clearTimeout(thread.idleTimer);
      thread.current = pending;
      // An idle thread must not keep the process alive; a busy one holds a caller's promise.
      thread.worker.ref();
      thread.worker.postMessage(
        { module: pending.task.module.href, name: pending.task.name, args: pending.args },
        pending.transfer,
      );
    }
  }

  return {
    run<T>(task: ThreadTask, args: unknown[], transfer: ArrayBuffer[] = []) {
      if (closed) return Promise.reject(new ThreadPoolError('The thread pool is closed.'));
      return new Promise<T>((resolve, reject) => {
        waiting.push({ task, args, transfer, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const pending of waiting.splice(0))
        pending.reject(new ThreadPoolError('The thread pool is closed.'));
      await Promise.all(
        [...threads].map(async (thread) => {
          threads.delete(thread);
          clearTimeout(thread.idleTimer);
          thread.current?.reject(new ThreadPoolError('The thread pool is closed.'));
          await thread.worker.terminate();
        }),
      );
    },
  };
}
