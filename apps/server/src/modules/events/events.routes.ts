import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { serverOnlyChangeEvents, type LiveEvent } from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import { watchSession } from './session-watch';

/** Keeps proxies and browsers from dropping an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * GET /events: a server-sent event stream of the signed-in user's changes, straight from the
 * change feed (lib/change-feed.ts). The web app reads it with fetch so the bearer token travels
 * in a header, and refetches the query keys each event names (contracts change-feed.ts).
 * The stream lives as long as its session: it ends when the session is signed out, revoked or
 * over, and tells the tab to refetch everything when the feed may have missed changes.
 */
export async function eventsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const open = new Set<ServerResponse>();
  // Long-lived streams would hold graceful shutdown forever: end them when the server closes.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  routeTable(app)('events.stream', (request, reply) => {
    const auth = requireAuth(request);
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    stream.write('retry: 3000\n\n');
    open.add(stream);
    const send = (event: LiveEvent) =>
      stream.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    const watch = watchSession(ctx, auth, () => stream.end());
    const unsubscribe = ctx.events.subscribe(auth.userId, (event) => {
      // The change feed has already dropped this process's cached session checks.
      if (event.type === 'session.changed') return watch.check();
      if (!serverOnlyChangeEvents.has(event.type)) send(event);
    });
    const stopResync = ctx.events.onResync((cause) => {
      if (cause !== 'reconnected') return;
      // Changes went by unseen while the feed's listener was down, a sign-out among them maybe.
      send({ type: 'resync' });
      watch.check();
    });
    const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
    stream.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      stopResync();
      watch.stop();
      open.delete(stream);
    });
  });
}
