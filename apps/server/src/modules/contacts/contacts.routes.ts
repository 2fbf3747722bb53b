import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import { listContacts } from './list-contacts';

export async function contactsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  routeTable(app, { tags: ['contacts'] })('contacts.list', async (request) =>
    listContacts(ctx.db, requireAuth(request).userId, request.query),
  );
}
