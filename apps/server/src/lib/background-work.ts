import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (a model refining a task's analysis). It runs in
 * this process and is not durable: each piece must leave the data usable if it never finishes.
 * Failures are logged, never thrown. Shutdown and tests wait for what is running.
 */
export interface BackgroundWork {
  run(name: string, work: () => Promise<void>): void;
  /** Resolves once everything started so far has finished. */
  settled(): Promise<void>;
}

/** `afterEach` runs once each piece is done (the change feed catching up on its writes). */
export function createBackgroundWork(
  log: FastifyBaseLogger,
  afterEach?: () => Promise<void>,
): BackgroundWork {
  const running = new Set<Promise<void>>();
  return {
    run(name, work) {
      const task = work()
        .catch((error: unknown) => log.warn({ err: error }, `${name} failed`))
        .then(() => afterEach?.())
        .catch((error: unknown) => log.warn({ err: error }, `${name}: after-work hook failed`))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
