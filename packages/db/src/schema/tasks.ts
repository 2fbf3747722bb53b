import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Outreach tasks the twin suggests (spec §3 Task). The foundation only counts pending ones for
 * the navigation badge; the Assistant issue owns their full behaviour.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id'),
    type: text('type', {
      enum: [
        'message_reply',
        'proactive_message',
        'linkedin_post',
        'reddit_post',
        'reddit_comment',
        'high_concept_analysis',
      ],
    }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priority: text('priority', { enum: ['high', 'medium', 'low'] }).notNull(),
    status: text('status', { enum: ['pending', 'in_progress', 'completed'] })
      .notNull()
      .default('pending'),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    responses: jsonb('responses').$type<Record<string, string>>().notNull().default({}),
    dueAt: timestamp('due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('tasks_user_status_created_idx').on(table.userId, table.status, table.createdAt)],
);
