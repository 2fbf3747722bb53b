import { useSyncExternalStore } from 'react';

/** Mobile layout applies below 768 px. */
export const DESKTOP_MEDIA_QUERY = '(min-width: 768px)';

function subscribeTo(query: string) {
  return (onChange: () => void) => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
    const list = window.matchMedia(query);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  };
}

function snapshotOf(query: string) {
  return () =>
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(query).matches;
}

const cache = new Map<string, { subscribe: ReturnType<typeof subscribeTo>; getSnapshot: () => boolean }>();

/** Whether a CSS media query matches, kept in sync with the window. */
export function useMediaQuery(query: string): boolean {
  let entry = cache.get(query);
  if (!entry) {
    entry = { subscribe: subscribeTo(query), getSnapshot: snapshotOf(query) };
    cache.set(query, entry);
  }
  return useSyncExternalStore(entry.subscribe, entry.getSnapshot, () => false);
}

export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_MEDIA_QUERY);
}
