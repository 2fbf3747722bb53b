import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import {
  connectMessenger,
  disconnectMessenger,
  listMessengers,
  testMessenger,
  updateMessenger,
} from './messenger-connections';
import { syncMessenger } from './sync-messenger';
import { listWhatsAppTemplates } from './whatsapp-templates';

const tags = ['messengers'];

/** Settings → Messengers. */
export async function messengersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags });
  on('messengers.list', async (request) => ({
    items: await listMessengers(ctx, requireAuth(request).userId),
  }));
  on('messengers.connect', async (request, reply) => {
    const auth = requireAuth(request);
    // A demo sandbox has no real bots to connect, and must not make the server call out.
    if (auth.isDemo) throw new AppError('demo_restricted');
    return reply.code(201).send(await connectMessenger(ctx, auth.userId, request.body));
  });
  on('messengers.update', async (request) =>
    updateMessenger(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  on('messengers.test', async (request) =>
    testMessenger(ctx, requireAuth(request).userId, request.params.id),
  );
  on('messengers.sync', async (request) =>
    syncMessenger(ctx, requireAuth(request).userId, request.params.id),
  );
  on('messengers.whatsAppTemplates', async (request) =>
    listWhatsAppTemplates(ctx, requireAuth(request).userId, request.params.id),
  );
  on('messengers.disconnect', async (request) => {
    await disconnectMessenger(ctx, requireAuth(request).userId, request.params.id);
    return { ok: true as const };
  });
}
