import { contactSources } from '@doppel/contracts';
import { sql } from 'drizzle-orm';
import { customType, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type; read as its text form, never written (generated). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
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
    /**
     * The words of the name and company, lower-cased and unstemmed ('simple'): search matches the
     * words they start with. Kept by the database.
     */
    searchWords: tsvector('search_words').generatedAlwaysAs(
      sql`to_tsvector('simple', "name" || ' ' || coalesce("company", ''))`,
    ),
    /** The user's own notes on the contact (the contact page). */
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('contacts_user_idx').on(table.userId, table.name),
    // The Contacts screen pages alphabetically regardless of case, with id as the tie-breaker:
    // a page is read straight off this index (keyset), however deep.
    index('contacts_user_lower_name_idx').on(table.userId, sql`lower(${table.name})`, table.id),
    // Search: the words a name or company starts with, answered from this index instead of
    // reading every contact (bench/contact-search.mjs, decision 049).
    index('contacts_search_idx').using('gin', table.searchWords),
  ],
);

/**
 * The contact's other channels: when two contacts turn out to be one person (a Telegram chat and
 * an email address), the merged contact keeps the other's channel here, so the next message on
 * it finds the same contact. The contact's first channel stays in contacts.source/handle.
 */
export const contactChannels = pgTable(
  'contact_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    source: text('source', { enum: contactSources }).notNull(),
    handle: text('handle').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('contact_channels_user_handle_idx').on(table.userId, table.source, table.handle),
    index('contact_channels_contact_idx').on(table.contactId),
  ],
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
