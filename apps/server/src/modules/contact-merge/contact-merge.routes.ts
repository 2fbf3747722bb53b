import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import { mergeContacts } from './merge-contacts';

export async function contactMergeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  routeTable(app, { tags: ['contacts'] })('contacts.merge', async (request) =>
    mergeContacts(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
}
