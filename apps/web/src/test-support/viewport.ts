/**
 * jsdom has no layout and no matchMedia; this answers width queries from a width the test sets,
 * and notifies listeners when it changes, like a resized window.
 */
type Listener = (event: MediaQueryListEvent) => void;

let width = 1280;
const lists = new Set<{ query: string; listeners: Set<Listener> }>();

function matches(query: string): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+)px/.exec(query);
  if (min && width < Number(min[1])) return false;
  if (max && width > Number(max[1])) return false;
  return Boolean(min || max);
}

export function setViewportWidth(next: number): void {
  width = next;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: next });
  for (const list of lists) {
    for (const listener of list.listeners)
      listener({ matches: matches(list.query), media: list.query } as MediaQueryListEvent);
  }
}

window.matchMedia = (query: string): MediaQueryList => {
  const entry = { query, listeners: new Set<Listener>() };
  lists.add(entry);
  return {
    get matches() {
      return matches(query);
    },
    media: query,
    onchange: null,
    addEventListener: (_type: string, listener: Listener) => entry.listeners.add(listener),
    removeEventListener: (_type: string, listener: Listener) => entry.listeners.delete(listener),
    addListener: (listener: Listener) => entry.listeners.add(listener),
    removeListener: (listener: Listener) => entry.listeners.delete(listener),
    dispatchEvent: () => true,
  } as unknown as MediaQueryList;
};
