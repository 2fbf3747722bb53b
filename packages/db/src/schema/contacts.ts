import { contactSources } from '@doppel/contracts';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { personaProfiles } from './personas';
import { users } from './users';

/** People the twin writes to (the spec's persona_contacts), owned by one user. */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The persona this contact is handled by (the spec's persona_contacts). */
    personaId: uuid('persona_id').references(() => personaProfiles.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    company: text('company'),
    /** ISO 639-1 code of the language the contact writes in. */
    language: text('language').notNull().default('en'),
    source: text('source', { enum: contactSources }).notNull(),
    /** The contact's handle on the source channel (chat id, username, address). */
    handle: text('handle'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contacts_user_idx').on(table.userId, table.name)],
);

/** Every message to or from a contact (the spec's persona_communication_history). */
export const communicationHistory = pgTable(
  'communication_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['inbound', 'outbound'] }).notNull(),
    channel: text('channel', { enum: contactSources }).notNull(),
    text: text('text').notNull(),
    /** The text as written, when `text` is a translation. */
    originalText: text('original_text'),
    originalLanguage: text('original_language'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    deliveryStatus: text('delivery_status', {
      // unknown: a messenger failed in a way that may have delivered it all the same.
      enum: ['received', 'queued', 'sent', 'to_send_manually', 'failed', 'unknown'],
    }).notNull(),
    /** The platform's id of the message (sent or received through a messenger). */
    externalId: text('external_id'),
    /** Why delivery failed, in our words. */
    deliveryError: text('delivery_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('communication_history_contact_idx').on(table.contactId, table.occurredAt)],
);
