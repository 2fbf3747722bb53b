import { documentCategories, documentStatuses, documentTypes } from '@doppel/contracts';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** PostgreSQL's full-text search vector; written with to_tsvector() in SQL, never read back. */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** The user's knowledge base. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category', { enum: documentCategories }).notNull(),
    type: text('type', { enum: documentTypes }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: documentStatuses }).notNull().default('pending'),
    errorReason: text('error_reason'),
    summary: text('summary').notNull().default(''),
    quality: integer('quality').notNull().default(0),
    keyTopics: jsonb('key_topics').$type<string[]>().notNull().default([]),
    url: text('url'),
    /** The kept original of an upload, relative to DATA_DIR/files; null for thoughts and links. */
    filePath: text('file_path'),
    /** Who wrote the summary: 'offline' (extractive) or the model's id. */
    summarizedBy: text('summarized_by'),
    /** The extracted text; passages are cut from it. */
    content: text('content').notNull().default(''),
    /** ISO 639-1 code, when known: it picks the text-search dictionary. */
    language: text('language'),
    usageRequests: integer('usage_requests').notNull().default(0),
    usageRelevance: real('usage_relevance').notNull().default(0),
    isSample: boolean('is_sample').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Newest first with id as the tie-breaker, so a page is a seek at any depth (keyset).
    index('documents_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('documents_user_category_created_idx').on(table.userId, table.category, table.createdAt, table.id),
  ],
);

/** A document cut into passages, each indexed for full-text search. */
export const documentPassages = pgTable(
  'document_passages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** Copied from the document so a search touches one table and stays scoped to the owner. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    search: tsvector('search').notNull(),
  },
  (table) => [
    // Without fastupdate: a GIN index's pending list of recent inserts is read in full by every
    // search until a vacuum flushes it, and PGlite has no autovacuum (decision 040).
    index('document_passages_search_idx').using('gin', table.search).with({ fastupdate: false }),
    index('document_passages_user_idx').on(table.userId),
    // Unique: a worker that takes a document's job over rewrites the same rows instead of
    // doubling them (passages are written a few statements at a time, docs/decisions/027).
    uniqueIndex('document_passages_document_idx').on(table.documentId, table.position),
  ],
);

/** Which tasks and chats a document served: its "connections" count distinct subjects. */
export const documentUses = pgTable(
  'document_uses',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
  },
  (table) => [primaryKey({ columns: [table.documentId, table.subject] })],
);
