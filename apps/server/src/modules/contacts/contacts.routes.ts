import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { contactListSchema, listContactsQuerySchema } from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { requireAuth } from '../../plugins/authenticate';
import { listContacts } from './list-contacts';

export async function contactsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/contacts',
    {
      schema: {
        tags: ['contacts'],
        querystring: listContactsQuerySchema,
        response: { 200: contactListSchema },
      },
    },
    async (request) => listContacts(ctx.db, requireAuth(request).userId, request.query),
  );
}
