import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { contactListSchema, contactSchema, listContactsQuerySchema } from '@doppel/contracts';
import { z } from 'zod';
import type { AppContext } from '../lib/context';
import {
  createContact,
  createContactInputSchema,
  getContact,
  updateContact,
  updateContactInputSchema,
} from '../modules/contacts/contact-commands';
import {
  contactHistoryPageSchema,
  contactHistoryQuerySchema,
  historyEntrySchema,
  listContactHistory,
} from '../modules/contacts/contact-history';
import { listContacts } from '../modules/contacts/list-contacts';
import { sendContactMessage, sendContactMessageInputSchema } from '../modules/messengers/send-contact-message';
import { keyOwner, withPermission } from './route-permission';

const params = z.object({ id: z.uuid() }).strict();

/** /api/v1 contacts (contacts:read, contacts:write) and their messages (messages:read, messages:write). */
export async function contactsApi(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/contacts',
    withPermission('contacts:read', {
      summary: 'List contacts',
      description:
        'The contacts of the key’s owner, alphabetical; `q` keeps those whose name or company contains it (any case).',
      querystring: listContactsQuerySchema,
      response: { 200: contactListSchema },
    }),
    async (request) => listContacts(ctx.db, keyOwner(request), request.query),
  );
  r.get(
    '/contacts/:id',
    withPermission('contacts:read', {
      summary: 'Get a contact',
      params,
      response: { 200: contactSchema },
    }),
    async (request) => getContact(ctx.db, keyOwner(request), request.params.id),
  );
  r.post(
    '/contacts',
    withPermission('contacts:write', {
      summary: 'Create a contact',
      description:
        '`handle` is where a messenger delivers to: the Telegram chat id, WhatsApp number, Slack or Discord channel id. `language` is an ISO 639-1 code (default en); `source` defaults to other.',
      body: createContactInputSchema,
      response: { 201: contactSchema },
    }),
    async (request, reply) => reply.code(201).send(await createContact(ctx, keyOwner(request), request.body)),
  );
  r.patch(
    '/contacts/:id',
    withPermission('contacts:write', {
      summary: 'Update a contact',
      description: 'Changes only the fields sent (at least one); unknown fields are refused.',
      params,
      body: updateContactInputSchema,
      response: { 200: contactSchema },
    }),
    async (request) => updateContact(ctx, keyOwner(request), request.params.id, request.body),
  );
  r.get(
    '/contacts/:id/messages',
    withPermission('messages:read', {
      summary: 'A contact’s message history',
      description: 'Messages to and from the contact, newest first, one page at a time.',
      params,
      querystring: contactHistoryQuerySchema,
      response: { 200: contactHistoryPageSchema },
    }),
    async (request) => listContactHistory(ctx.db, keyOwner(request), request.params.id, request.query),
  );
  r.post(
    '/contacts/:id/messages',
    withPermission('messages:write', {
      summary: 'Send a message to a contact',
      description:
        'Delivers the text through the connected messenger of the contact’s platform (Telegram, WhatsApp, Slack, Discord) to the contact’s handle, and records it in the history. 409 when the contact is not on a messenger, has no handle, no messenger of that platform is connected or its sending is turned off; 502 when the platform refuses (recorded as failed).',
      params,
      body: sendContactMessageInputSchema,
      response: { 201: historyEntrySchema },
    }),
    async (request, reply) =>
      reply.code(201).send(await sendContactMessage(ctx, keyOwner(request), request.params.id, request.body)),
  );
}
