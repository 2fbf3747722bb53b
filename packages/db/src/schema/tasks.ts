import { taskAssignees, taskPriorities, taskStatuses, taskTypes, type TaskContext } from '@doppel/contracts';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contacts } from './contacts';
import { users } from './users';

/** Outreach tasks the twin suggests. */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    type: text('type', { enum: taskTypes }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priority: text('priority', { enum: taskPriorities }).notNull(),
    status: text('status', { enum: taskStatuses }).notNull().default('pending'),
    context: jsonb('context').$type<TaskContext>().notNull().default({}),
    responses: jsonb('responses').$type<Record<string, string>>().notNull().default({}),
    /** Who does it: the user or the twin (taskAssignees); null when nobody is named. */
    assignee: text('assignee', { enum: taskAssignees }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    // Lists run newest first with id as the tie-breaker; with id in the index a page is read
    // straight off it instead of sorting every task of the user.
    index('tasks_user_status_created_idx').on(table.userId, table.status, table.createdAt, table.id),
    index('tasks_user_created_idx').on(table.userId, table.createdAt, table.id),
    // A contact's page lists its tasks, and the Contacts list counts each contact's open ones.
    index('tasks_contact_created_idx').on(table.contactId, table.createdAt),
    // The notifications sweep (every 30 s, issue 23) reads the last day's urgent open tasks of
    // every user: a small partial index instead of a scan of all tasks.
    index('tasks_urgent_created_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.priority} = 'high' and ${table.status} <> 'completed'`),
  ],
);
