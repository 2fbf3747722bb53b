import { z } from 'zod';
import { CONTACTS_MAX_LIMIT, contactSchema } from '@doppel/contracts';
import {
  getContact,
  HISTORY_MAX_LIMIT,
  historyEntrySchema,
  listContactHistory,
  listContacts,
} from '../../modules/contacts';
import { defineTool } from './define-tool';

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

export const listContactsTool = defineTool({
  name: 'list_contacts',
  description:
    "The user's contacts (people the digital twin writes to), alphabetical; optionally only those whose " +
    'name or company contains the query.',
  permission: { resource: 'contacts', action: 'read' },
  inputSchema: z.object({
    query: z.string().trim().max(200).optional().describe('Part of a name or company, any case'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(CONTACTS_MAX_LIMIT)
      .default(20)
      .describe('How many at most (default 20)'),
  }),
  outputSchema: z.object({ contacts: z.array(contactSchema) }),
  annotations: { title: 'List contacts', ...READ_ONLY },
  run: async ({ query, limit }, { ctx, auth }) => {
    const { items } = await listContacts(ctx.db, auth.userId, { q: query || undefined, limit });
    return { contacts: items };
  },
});

export const getContactHistoryTool = defineTool({
  name: 'get_contact_history',
  description:
    'The latest messages exchanged with one contact, newest first: direction (inbound from the contact, ' +
    'outbound from the user), channel, text, time and delivery status, with the total count.',
  permission: { resource: 'messages', action: 'read' },
  inputSchema: z.object({
    contactId: z.uuid().describe('The contact id, as list_contacts returns it'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(HISTORY_MAX_LIMIT)
      .default(20)
      .describe('How many at most (default 20)'),
  }),
  outputSchema: z.object({
    contact: contactSchema,
    total: z.number().int().describe('How many messages there are in all'),
    hasMore: z.boolean(),
    messages: z.array(historyEntrySchema),
  }),
  annotations: { title: 'Get contact history', ...READ_ONLY },
  run: async ({ contactId, limit }, { ctx, auth }) => {
    const contact = await getContact(ctx.db, auth.userId, contactId);
    const page = await listContactHistory(ctx.db, auth.userId, contactId, { limit });
    return { contact, total: page.total, hasMore: page.hasMore, messages: page.items };
  },
});
