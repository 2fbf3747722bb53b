import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import {
  contactTimeline,
  deleteContact,
  editContact,
  getContactDetail,
  listContactBook,
} from './contact-book';

/** The Contacts screen's routes; merging is modules/contact-merge's (it moves other modules' rows). */
export async function contactsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags: ['contacts'] });
  on('contacts.list', async (request) => listContactBook(ctx.db, requireAuth(request).userId, request.query));
  on('contacts.get', async (request) =>
    getContactDetail(ctx.db, requireAuth(request).userId, request.params.id),
  );
  on('contacts.update', async (request) =>
    editContact(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  on('contacts.delete', async (request) => {
    await deleteContact(ctx, requireAuth(request).userId, request.params.id);
    return { ok: true as const };
  });
  on('contacts.timeline', async (request) =>
    contactTimeline(ctx.db, requireAuth(request).userId, request.params.id, request.query),
  );
}
