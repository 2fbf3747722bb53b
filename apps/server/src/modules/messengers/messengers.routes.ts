import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  connectMessengerInputSchema,
  messengerConnectionSchema,
  messengerListSchema,
  messengerSyncResultSchema,
  messengerTestResultSchema,
  okSchema,
  updateMessengerInputSchema,
} from '@doppel/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { requireAuth } from '../../plugins/authenticate';
import {
  connectMessenger,
  disconnectMessenger,
  listMessengers,
  testMessenger,
  updateMessenger,
} from './messenger-connections';
import { syncMessenger } from './sync-messenger';

const tags = ['messengers'];
const params = z.object({ id: z.uuid() });

/** Settings → Messengers (spec §2, §3 Messenger connection, §4 Messenger). */
export async function messengersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/messengers', { schema: { tags, response: { 200: messengerListSchema } } }, async (request) => ({
    items: await listMessengers(ctx, requireAuth(request).userId),
  }));
  r.post(
    '/messengers',
    { schema: { tags, body: connectMessengerInputSchema, response: { 201: messengerConnectionSchema } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      // A demo sandbox has no real bots to connect, and must not make the server call out.
      if (auth.isDemo) throw new AppError('demo_restricted');
      return reply.code(201).send(await connectMessenger(ctx, auth.userId, request.body));
    },
  );
  r.patch(
    '/messengers/:id',
    {
      schema: {
        tags,
        params,
        body: updateMessengerInputSchema,
        response: { 200: messengerConnectionSchema },
      },
    },
    async (request) => updateMessenger(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  r.post(
    '/messengers/:id/test',
    { schema: { tags, params, response: { 200: messengerTestResultSchema } } },
    async (request) => testMessenger(ctx, requireAuth(request).userId, request.params.id),
  );
  r.post(
    '/messengers/:id/sync',
    { schema: { tags, params, response: { 200: messengerSyncResultSchema } } },
    async (request) => syncMessenger(ctx, requireAuth(request).userId, request.params.id),
  );
  r.delete('/messengers/:id', { schema: { tags, params, response: { 200: okSchema } } }, async (request) => {
    await disconnectMessenger(ctx, requireAuth(request).userId, request.params.id);
    return { ok: true as const };
  });
}
