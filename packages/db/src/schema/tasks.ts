import { taskAssignees, taskPriorities, taskStatuses, taskTypes, type TaskContext } from '@doppel/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    // The type and priority filters (board and phone) seek the same way, whatever the depth.
    index('tasks_user_type_created_idx').on(table.userId, table.type, table.createdAt, table.id),
    index('tasks_user_priority_created_idx').on(table.userId, table.priority, table.createdAt, table.id),
    // A contact's page lists its tasks, and the Contacts list counts each contact's open ones.
    index('tasks_contact_created_idx').on(table.contactId, table.createdAt),
    // The notifications sweep (every 30 s, issue 23) reads the last day's urgent open tasks of
    // every user: a small partial index instead of a scan of all tasks.
    index('tasks_urgent_created_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.priority} = 'high' and ${table.status} <> 'completed'`),
  ],
);

/**
 * How many of a user's tasks have each status, type and priority: at most 54 rows per user,
 * kept by triggers on tasks (migration 0026), so every filter's total and the status counts
 * are read, not counted (docs/decisions/055-keyset-lists.md).
 */
export const taskTallies = pgTable(
  'task_tallies',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: taskStatuses }).notNull(),
    type: text('type', { enum: taskTypes }).notNull(),
    priority: text('priority', { enum: taskPriorities }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.status, table.type, table.priority] })],
);
