import { pathOf, routes, type LiveEvent, type UserEvent } from '@doppel/contracts';
import { ApiError } from './api-error';
import type { SessionManager } from './session';

export interface LiveUpdatesOptions {
  session: Pick<SessionManager, 'accessToken' | 'refresh'>;
  onEvent: (event: UserEvent) => void;
  /** Called after every (re)connection: events sent while disconnected were missed. */
  onConnected?: () => void;
  /**
   * Called when the server says it may have missed changes itself (its database listener
   * reconnected): the stream stays open, but anything may be stale.
   */
  onResync?: () => void;
  fetch?: typeof fetch;
  baseUrl?: string;
  /** First pause before reconnecting; doubles per failed attempt up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
}

/** Parses complete `event:`/`data:` blocks out of a text buffer and returns what is left. */
export function parseServerSentEvents(buffer: string, onData: (data: string) => void): string {
  let rest = buffer;
  let end: number;
  while ((end = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (data) onData(data);
  }
  return rest;
}

/** What readEventStream checks each event with: a zod schema, or a hand-written check. */
export interface EventParser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * The live-update stream's events, checked by hand rather than with the contracts' zod schema:
 * this runs on every page's first load, and zod would add more than 20 KB to it. Our own
 * server sends these, and an event of an unknown type only makes the app refetch tasks.
 */
const liveEventParser: EventParser<LiveEvent> = {
  safeParse: (value) =>
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
      ? { success: true, data: value as LiveEvent }
      : { success: false },
};

/**
 * Reads a `text/event-stream` response to its end, handing each event that matches the schema
 * to `onEvent` in order; events of other shapes (a newer server) are skipped. When `onEvent`
 * throws, the stream is cancelled and the error passes on to the caller.
 */
export async function readEventStream<T>(
  response: Response,
  schema: EventParser<T>,
  onEvent: (event: T) => void,
): Promise<void> {
  if (!response.body) throw new ApiError('bad_response', '', response.status);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const events: T[] = [];
      buffer = parseServerSentEvents(buffer + value, (data) => {
        const parsed = schema.safeParse(JSON.parse(data));
        if (parsed.success) events.push(parsed.data);
      });
      for (const event of events) onEvent(event);
    }
  } catch (error) {
    void reader.cancel().catch(() => {});
    throw error;
  }
}

/**
 * Keeps a GET /events stream open while the tab is signed in, reconnecting with back-off. It
 * reads the stream with fetch rather than EventSource so the access token travels in the
 * Authorization header, never in a URL. Returns a function that stops it.
 */
export function startLiveUpdates(options: LiveUpdatesOptions): () => void {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const retryMs = options.retryMs ?? 1000;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const controller = new AbortController();
  let delay = retryMs;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      controller.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  const connectOnce = async (): Promise<void> => {
    const token = options.session.accessToken;
    if (!token) return;
    const response = await fetchImpl(`${options.baseUrl ?? ''}${pathOf(routes.events.stream)}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
      credentials: 'include',
      signal: controller.signal,
    });
    if (response.status === 401) {
      await options.session.refresh();
      return;
    }
    if (!response.ok || !response.body) return;
    delay = retryMs;
    options.onConnected?.();
    await readEventStream(response, liveEventParser, (event) => {
      if (event.type === 'resync') options.onResync?.();
      else options.onEvent(event);
    });
  };

  void (async () => {
    while (!controller.signal.aborted) {
      try {
        await connectOnce();
      } catch {
        // Network drop or abort: fall through to the back-off.
      }
      if (controller.signal.aborted) return;
      await wait(delay);
      delay = Math.min(delay * 2, maxRetryMs);
    }
  })();
  return () => controller.abort();
}
