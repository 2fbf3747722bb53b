import { signalItemKinds, signalSourceKinds, type SignalPlatform } from '@doppel/contracts';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tasks } from './tasks';
import { users } from './users';

/**
 * Where proactive tasks come from (docs/decisions/020): news feeds, subreddits and a content
 * plan, one user's each. The poll job keeps the fetch state here (conditional-request
 * validators, counters, the last error in our words).
 */
export const signalSources = pgTable(
  'signal_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: signalSourceKinds }).notNull(),
    name: text('name').notNull(),
    /** The name was made up from the address; the feed's own title replaces it once read. */
    nameFromSource: boolean('name_from_source').notNull().default(false),
    url: text('url'),
    subreddit: text('subreddit'),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    cadencePerWeek: integer('cadence_per_week'),
    platforms: jsonb('platforms').$type<SignalPlatform[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    /** The feed's title as it names itself: the news source of its tasks. */
    feedTitle: text('feed_title'),
    /** Validators of the last 200 answer, sent back as If-None-Match / If-Modified-Since. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
    nextFetchAt: timestamp('next_fetch_at', { withTimezone: true }),
    itemsSeen: integer('items_seen').notNull().default(0),
    tasksCreated: integer('tasks_created').notNull().default(0),
    lastError: text('last_error'),
    /** Polls in a row that failed: the back-off before the next one grows with it. */
    failures: integer('failures').notNull().default(0),
    /** Demo sandboxes' sample sources: labelled as sample, never polled. */
    isSample: boolean('is_sample').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('signal_sources_user_created_idx').on(table.userId, table.createdAt)],
);

/**
 * Everything a source (or a job-change import) has seen. The unique (user, dedupe key) is the
 * de-duplication rule: an item's row and its task are written in one transaction, so one item
 * never makes two tasks, whichever worker polls.
 */
export const signalItems = pgTable(
  'signal_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null for job changes; kept (set null) when the source is removed, so keys still count. */
    sourceId: uuid('source_id').references(() => signalSources.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: signalItemKinds }).notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    title: text('title').notNull(),
    url: text('url'),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('signal_items_user_key_idx').on(table.userId, table.dedupeKey),
    index('signal_items_source_seen_idx').on(table.sourceId, table.seenAt),
    index('signal_items_user_kind_seen_idx').on(table.userId, table.kind, table.seenAt),
  ],
);
