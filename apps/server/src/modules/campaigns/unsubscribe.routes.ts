import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { confirmUnsubscribe, showUnsubscribe } from './email-opt-outs';

/**
 * The unsubscribe link of campaign mail, without a session: the signed token is the authority.
 * Mail providers' one-click unsubscribe (RFC 8058) POSTs `List-Unsubscribe=One-Click` as a form,
 * which this scope reads (and ignores: the POST itself is the request).
 */
export async function unsubscribeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const on = routeTable(app, { tags: ['unsubscribe'] });
  on('unsubscribe.show', async (request) => showUnsubscribe(ctx, request.query.token));
  on('unsubscribe.confirm', async (request) => {
    await confirmUnsubscribe(ctx, request.query.token);
    return { ok: true as const };
  });
}
