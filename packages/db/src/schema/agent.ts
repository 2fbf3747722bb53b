import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** What wrote an assistant message (contracts chatEngineSchema); null for the user's own. */
export interface ChatMessageEngine {
  kind: 'command' | 'offline' | 'model';
  model: string | null;
}

/** The agent console's conversation, kept per user. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    engine: jsonb('engine').$type<ChatMessageEngine>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_messages_user_created_idx').on(table.userId, table.createdAt)],
);
