import { useSyncExternalStore } from 'react';

/** How often relative times ("5 minutes ago") move on while they are shown. */
const TICK_MS = 30_000;

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(tick, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** A time read while nothing ticks (before the first subscriber) is taken as fresh this long. */
const FRESH_MS = 1_000;

function getSnapshot(): number {
  // Nothing is ticking (the view was closed, or opens now): start from the real time again.
  if (!timer && Date.now() - now > FRESH_MS) now = Date.now();
  return now;
}

/**
 * The current time, the same for every component that shows a relative time, moving on every
 * 30 seconds while any of them is on screen (one timer for all of them).
 */
export function useNow(): number {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
