import { readFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';

/* Tasks for lib/thread-pool.test.ts, run in the pool's threads. */

/** Linux: field 19 of /proc/thread-self/stat is the calling thread's nice value. */
function ownNice(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ')[16]);
  } catch {
    return null;
  }
}

export function describeThread(bytes: Uint8Array): { threadId: number; sum: number; nice: number | null } {
  return { threadId, sum: bytes.reduce((total, byte) => total + byte, 0), nice: ownNice() };
}

export async function slowly(ms: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return threadId;
}

export function refuse(): never {
  throw new RangeError('this input is refused');
}

export function exhaustMemory(): number {
  const hoard: number[][] = [];
  for (;;) hoard.push(Array.from({ length: 1_000_000 }, (_, n) => n));
}
