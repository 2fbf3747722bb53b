import { describe, expect, it, vi } from 'vitest';
import type { UserEvent } from '@doppel/contracts';
import { z } from 'zod';
import { parseServerSentEvents, readEventStream, startLiveUpdates } from './live-updates';

function streamOf(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('parseServerSentEvents', () => {
  it('yields complete blocks and keeps a partial one for the next chunk', () => {
    const seen: string[] = [];
    const rest = parseServerSentEvents(
      'retry: 3000\n\nevent: a\ndata: {"x":1}\n\n: heartbeat\n\nevent: b\ndata: {"x"',
      (d) => seen.push(d),
    );
    expect(seen).toEqual(['{"x":1}']);
    expect(rest).toBe('event: b\ndata: {"x"');
  });
});

describe('startLiveUpdates', () => {
  it('sends the bearer, passes task events on (split across chunks) and reconnects when the stream ends', async () => {
    const events: UserEvent[] = [];
    const connected = vi.fn();
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(
        streamOf(['retry: 3000\n\nevent: task.created\ndata: {"type":"task.cre', 'ated","taskId":"t1"}\n\n']),
      )
      .mockResolvedValue(streamOf(['event: task.deleted\ndata: {"type":"task.deleted","taskId":"t1"}\n\n']));
    const stop = startLiveUpdates({
      session: { accessToken: 'token-1', refresh: vi.fn() },
      onEvent: (event) => events.push(event),
      onConnected: connected,
      fetch: fetchMock,
      retryMs: 5,
    });
    await vi.waitFor(() => expect(events.length).toBeGreaterThanOrEqual(2));
    stop();
    expect(events.slice(0, 2)).toEqual([
      { type: 'task.created', taskId: 't1' },
      { type: 'task.deleted', taskId: 't1' },
    ]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/events');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer token-1');
    expect(connected.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('hands a resync to onResync, not onEvent, and keeps reading the same stream', async () => {
    const events: UserEvent[] = [];
    const resync = vi.fn();
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(
        streamOf([
          'event: resync\ndata: {"type":"resync"}\n\n',
          'event: task.created\ndata: {"type":"task.created","taskId":"t2"}\n\n',
        ]),
      )
      .mockResolvedValue(new Response('{}', { status: 503 }));
    const stop = startLiveUpdates({
      session: { accessToken: 'token-1', refresh: vi.fn() },
      onEvent: (event) => events.push(event),
      onResync: resync,
      fetch: fetchMock,
      retryMs: 5,
    });
    await vi.waitFor(() => expect(events).toEqual([{ type: 'task.created', taskId: 't2' }]));
    stop();
    expect(resync).toHaveBeenCalledTimes(1);
  });

  it('refreshes the session when the stream answers 401', async () => {
    const refresh = vi.fn().mockResolvedValue(null);
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response('{}', { status: 401 }));
    const stop = startLiveUpdates({
      session: { accessToken: 'old', refresh },
      onEvent: () => {},
      fetch: fetchMock,
      retryMs: 5,
    });
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
    stop();
  });
});

describe('readEventStream', () => {
  const schema = z.object({ type: z.literal('delta'), text: z.string() });

  it('hands over the events that match, in order, however the chunks split them', async () => {
    const seen: string[] = [];
    await readEventStream(
      streamOf([
        'data: {"type":"delta","text":"a"}\n\ndata: {"type":"other"}\n\ndata: {"type":"del',
        'ta","text":"b"}\n\n',
      ]),
      schema,
      (event) => seen.push(event.text),
    );
    expect(seen).toEqual(['a', 'b']);
  });

  it('stops reading and passes on what the handler throws', async () => {
    const failure = new Error('stop');
    await expect(
      readEventStream(streamOf(['data: {"type":"delta","text":"a"}\n\n']), schema, () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
  });
});
