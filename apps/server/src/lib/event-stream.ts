import { errorMessages, type StreamError } from '@doppel/contracts';
import type { FastifyReply } from 'fastify';
import { AppError } from './app-error';
import type { AppContext } from './context';

export interface EventStream<Event> {
  send(event: Event): void;
  end(): void;
}

/**
 * Turns a route's answer into a server-sent event stream of `data: <json>` lines. Call it only
 * once every refusal has been thrown: after this the status is 200 and errors travel as events.
 */
export function openEventStream<Event>(reply: FastifyReply): EventStream<Event> {
  reply.hijack();
  const stream = reply.raw;
  stream.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  return {
    send: (event) => stream.write(`data: ${JSON.stringify(event)}\n\n`),
    end: () => stream.end(),
  };
}

/**
 * The `error` event's payload for a failure mid-stream, with the AppError's reason for the web
 * app to word; unexpected ones are logged, not shown.
 */
export function streamError(ctx: AppContext, error: unknown, what: string): StreamError {
  if (error instanceof AppError) {
    const { reason } = error.details;
    return { code: error.code, message: error.message, ...(reason && { reason }) };
  }
  ctx.log.error({ err: error }, `${what} failed`);
  return { code: 'internal', message: errorMessages.internal };
}

/**
 * Aborts when the client goes away before the answer is complete, so a model call it no longer
 * reads stops too. It watches the response: the request's own 'close' fires as soon as its body
 * has been read, which would abort every call at once.
 */
export function abortOnClose(reply: FastifyReply): AbortSignal {
  const closed = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) closed.abort();
  });
  return closed.signal;
}
