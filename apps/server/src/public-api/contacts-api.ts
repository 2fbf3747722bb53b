import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context';
import { routeTable } from '../lib/typed-routes';
import { createContact, getContact, updateContact } from '../modules/contacts';
import { listContactHistory } from '../modules/contacts';
import { listContacts } from '../modules/contacts';
import { sendContactMessage } from '../modules/messengers';
import { keyOwner, withPermission } from './route-permission';

/** /api/v1 contacts (contacts:read, contacts:write) and their messages (messages:read, messages:write). */
export async function contactsApi(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app);
  on(
    'v1.listContacts',
    withPermission('contacts:read', {
      summary: 'List contacts',
      description:
        'The contacts of the key’s owner, alphabetical; `q` keeps those whose name or company contains it (any case).',
    }),
    async (request) => listContacts(ctx.db, keyOwner(request), request.query),
  );
  on('v1.getContact', withPermission('contacts:read', { summary: 'Get a contact' }), async (request) =>
    getContact(ctx.db, keyOwner(request), request.params.id),
  );
  on(
    'v1.createContact',
    withPermission('contacts:write', {
      summary: 'Create a contact',
      description:
        '`handle` is where a messenger delivers to: the Telegram chat id, WhatsApp number, Slack or Discord channel id. `language` is an ISO 639-1 code (default en); `source` defaults to other.',
    }),
    async (request, reply) => reply.code(201).send(await createContact(ctx, keyOwner(request), request.body)),
  );
  on(
    'v1.updateContact',
    withPermission('contacts:write', {
      summary: 'Update a contact',
      description: 'Changes only the fields sent (at least one); unknown fields are refused.',
    }),
    async (request) => updateContact(ctx, keyOwner(request), request.params.id, request.body),
  );
  on(
    'v1.contactMessages',
    withPermission('messages:read', {
      summary: 'A contact’s message history',
      description: 'Messages to and from the contact, newest first, one page at a time.',
    }),
    async (request) => listContactHistory(ctx.db, keyOwner(request), request.params.id, request.query),
  );
  on(
    'v1.sendContactMessage',
    withPermission('messages:write', {
      summary: 'Send a message to a contact',
      description:
        'Delivers the text through the connected messenger of the contact’s platform (Telegram, WhatsApp, Slack, Discord) to the contact’s handle, and records it in the history. 409 when the contact is not on a messenger, has no handle, no messenger of that platform is connected or its sending is turned off; 502 when the platform refuses (recorded as failed).',
    }),
    async (request, reply) =>
      reply.code(201).send(await sendContactMessage(ctx, keyOwner(request), request.params.id, request.body)),
  );
}
