import { displayName } from '@doppel/contracts';
import {
  and,
  asc,
  eq,
  gt,
  lte,
  messengerConnections,
  ne,
  notificationTargets,
  pushSubscriptions,
  sql,
  tasks,
  userSettings,
  users,
  type DbOrTx,
  type SQL,
} from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { notYetAnnounced, type Channel } from './deliveries';
import type { AnnouncedTask, Reader } from './notification-texts';

/*
 * Urgent tasks: high priority and not completed. They are read here for every user whose channel
 * is on; whichever module made a task, and whenever its priority became high (a model's
 * analysis often raises it after the task was created), the next sweep finds it.
 */

/** Older tasks are not announced as they come: the app shows them, and a late message misleads. */
const ANNOUNCE_WITHIN_MS = 24 * 60 * 60 * 1000;
/** At most this many tasks per sweep and channel; the rest wait for the next sweep. */
const SWEEP_LIMIT = 500;

/** Only high-priority open tasks of real (not demo) accounts; the query joins users. */
export function isUrgent(): SQL {
  return and(eq(tasks.priority, 'high'), ne(tasks.status, 'completed'), eq(users.isDemo, false))!;
}

const setting = (name: string) => sql`${userSettings.notifications}->>${name} = 'true'`;

/** Whether the user gets a channel's messages now (their setting, and where they would go). */
function channelOn(channel: Channel): SQL {
  switch (channel) {
    case 'email':
      return and(
        setting('email'),
        sql`${userSettings.notifications}->>'emailDigest' = 'instant'`,
        sql`${users.emailVerifiedAt} is not null`,
      )!;
    case 'push':
      return and(
        setting('push'),
        sql`exists (select 1 from ${pushSubscriptions} p where p.user_id = ${tasks.userId})`,
      )!;
    case 'telegram':
      return and(
        setting('telegram'),
        sql`exists (select 1 from ${notificationTargets} nt where nt.user_id = ${tasks.userId} and nt.telegram_chat_id is not null)`,
        sql`exists (select 1 from ${messengerConnections} mc where mc.user_id = ${tasks.userId} and mc.platform = 'telegram' and mc.is_connected)`,
      )!;
  }
}

export interface UserTasks {
  userId: string;
  email: string;
  reader: Reader;
  tasks: AnnouncedTask[];
}

const taskColumns = {
  id: tasks.id,
  userId: tasks.userId,
  title: tasks.title,
  description: tasks.description,
  summary: sql<string | null>`${tasks.context}->>'summary'`,
  email: users.email,
  fullName: users.fullName,
  language: userSettings.language,
};

interface TaskRow {
  id: string;
  userId: string;
  title: string;
  description: string;
  summary: string | null;
  email: string;
  fullName: string | null;
  language: string;
}

/** Groups rows per user, in the order they came. */
function byUser(ctx: AppContext, rows: TaskRow[]): UserTasks[] {
  const grouped = new Map<string, UserTasks>();
  for (const row of rows) {
    let entry = grouped.get(row.userId);
    if (!entry) {
      entry = {
        userId: row.userId,
        email: row.email,
        reader: {
          language: row.language,
          name: displayName(row.fullName, row.email),
          publicUrl: ctx.config.publicUrl,
        },
        tasks: [],
      };
      grouped.set(row.userId, entry);
    }
    entry.tasks.push({
      id: row.id,
      title: row.title,
      summary: row.summary?.trim() || row.description.trim(),
    });
  }
  return [...grouped.values()];
}

/** Urgent tasks of the last day not yet announced on the channel, for every user who has it on. */
export async function tasksToAnnounce(ctx: AppContext, channel: Channel): Promise<UserTasks[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.userId))
    .innerJoin(userSettings, eq(userSettings.userId, tasks.userId))
    .where(
      and(
        isUrgent(),
        gt(tasks.createdAt, new Date(now.getTime() - ANNOUNCE_WITHIN_MS)),
        lte(tasks.createdAt, now),
        channelOn(channel),
        notYetAnnounced(tasks.id, channel, now),
      ),
    )
    .orderBy(asc(tasks.createdAt), asc(tasks.id))
    .limit(SWEEP_LIMIT);
  return byUser(ctx, rows);
}

/** One user's urgent tasks created in (since, until] and not yet emailed: a digest's content. */
export async function tasksForDigest(
  ctx: AppContext,
  tx: DbOrTx,
  userId: string,
  since: Date,
  until: Date,
): Promise<UserTasks | null> {
  const rows = await tx
    .select(taskColumns)
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.userId))
    .innerJoin(userSettings, eq(userSettings.userId, tasks.userId))
    .where(
      and(
        eq(tasks.userId, userId),
        isUrgent(),
        gt(tasks.createdAt, since),
        lte(tasks.createdAt, until),
        notYetAnnounced(tasks.id, 'email', until),
      ),
    )
    .orderBy(asc(tasks.createdAt), asc(tasks.id))
    .limit(SWEEP_LIMIT);
  return byUser(ctx, rows)[0] ?? null;
}
