import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * External MCP servers a user connected (Settings → MCP); the agent
 * chat offers the tools of the active ones.
 */
export const mcpServers = pgTable(
  'mcp_servers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    url: text('url').notNull(),
    color: text('color').notNull(),
    /** AES-256-GCM envelope of the whole Authorization header value; never returned. */
    authHeader: text('auth_header'),
    /** The header's last characters, masked (••••abcd), so the user recognizes it. */
    authHint: text('auth_hint'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mcp_servers_user_idx').on(table.userId, table.createdAt)],
);
