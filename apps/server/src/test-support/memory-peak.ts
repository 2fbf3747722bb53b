import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** What running some work cost in memory, at its peak, above where it started. */
export interface MemoryPeak<T> {
  result: T;
  /** Growth of the JavaScript heap plus Buffer memory (what the work itself holds), in bytes. */
  heapGrowth: number;
  /** Growth of the process's resident memory, in bytes (coarser: the allocator keeps pages). */
  rssGrowth: number;
}

let collector: (() => void) | undefined;

/**
 * The garbage collector, without starting node with --expose-gc: the flag can be set at run
 * time, and a new context then sees `gc`.
 */
function collectGarbage(): void {
  if (!collector) {
    setFlagsFromString('--expose-gc');
    collector = runInNewContext('gc') as () => void;
  }
  collector();
}

/**
 * Runs `work` while sampling memory every `everyMs` (and after it), so a peak between two awaits
 * is seen. With `collect`, garbage is collected before the start and before every sample: the
 * figure is then what the work holds, not what it dropped and the collector had not yet come
 * for (slower: a collection takes a few milliseconds). Sampling cannot see inside one
 * synchronous stretch, so the work has to yield now and then — reading a socket or a stream does.
 */
export async function peakMemoryDuring<T>(
  work: () => Promise<T>,
  options: { everyMs?: number; collect?: boolean } = {},
): Promise<MemoryPeak<T>> {
  const collect = options.collect ?? false;
  if (collect) collectGarbage();
  const start = process.memoryUsage();
  const held = (usage: NodeJS.MemoryUsage) => usage.heapUsed + usage.arrayBuffers;
  let peakHeld = held(start);
  let peakRss = start.rss;
  const sample = () => {
    if (collect) collectGarbage();
    const usage = process.memoryUsage();
    peakHeld = Math.max(peakHeld, held(usage));
    peakRss = Math.max(peakRss, usage.rss);
  };
  /*
   * The next sample waits at least four times as long as the last one took: in a test process
   * with a large heap (other test files' databases) a full collection can take longer than the
   * interval, and back-to-back collections would leave the work no time to run at all.
   */
  const everyMs = options.everyMs ?? (collect ? 50 : 5);
  let timer: NodeJS.Timeout | undefined;
  let done = false;
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      const started = performance.now();
      sample();
      if (!done) schedule(Math.max(everyMs, 4 * (performance.now() - started)));
    }, delay);
  };
  schedule(everyMs);
  try {
    const result = await work();
    sample();
    return { result, heapGrowth: peakHeld - held(start), rssGrowth: peakRss - start.rss };
  } finally {
    done = true;
    clearTimeout(timer);
  }
}
