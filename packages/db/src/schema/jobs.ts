import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const jobStatuses = ['queued', 'running', 'done', 'failed'] as const;

/**
 * Durable background jobs (apps/server/src/lib/job-queue.ts). A job is written in the same
 * transaction as the change that needs it, so it cannot be lost; a worker claims it with a
 * lease, and a job whose worker died is claimed again once its lease runs out. A row with a
 * singleton key is the one row of a schedule (docs/decisions/027): it is never deleted, only
 * queued again for its next slot. Inserting or re-queuing a row wakes every worker (NOTIFY
 * doppel_jobs, migration 0015).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: jobStatuses }).notNull().default('queued'),
    /** Not before this time (back-off after a failed attempt). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    /** While running: the claim's lease; past it, another worker may take the job over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** While running: which worker holds the lease (host:pid:queue), for operators. */
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** At most one row per key: a schedule's name. */
    singletonKey: text('singleton_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('jobs_due_idx').on(table.status, table.runAt),
    index('jobs_lease_idx').on(table.status, table.lockedUntil),
    uniqueIndex('jobs_singleton_idx')
      .on(table.singletonKey)
      .where(sql`singleton_key is not null`),
  ],
);
