import { and, eq, notificationTargets, sql, tasks, userSettings, users, type SQL } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { claimDeliveries } from './deliveries';
import { digestEmail } from './notification-texts';
import { isUrgent, tasksForDigest } from './urgent-tasks';

/*
 * The daily digest (email on, `daily` chosen): once every 24 hours per user, one email listing
 * the urgent tasks created since the previous digest that are still open; a day without any sends
 * nothing. Each user's day starts when the sweep first sees them with the digest on
 * (notification_targets.last_digest_at) and keeps its time of day. A schedule (background.ts)
 * runs the sweep; the advance of last_digest_at, the deliveries and the queued email commit
 * together, so a digest goes out once even if two workers raced for it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Users who chose the daily digest (real accounts with a confirmed address). */
function digestOn(): SQL {
  return and(
    sql`${userSettings.notifications}->>'email' = 'true'`,
    sql`${userSettings.notifications}->>'emailDigest' = 'daily'`,
    eq(users.isDemo, false),
    sql`${users.emailVerifiedAt} is not null`,
  )!;
}

/** The user's digest day ended: a full day since their last digest. */
const dueBefore = (now: Date) =>
  sql`${notificationTargets.lastDigestAt} <= ${new Date(now.getTime() - DAY_MS)}`;

/** The last digest time moved on by whole days, up to now: the digest keeps its time of day. */
const advanced = (now: Date) =>
  sql`${notificationTargets.lastDigestAt} + floor(extract(epoch from (${now}::timestamptz - ${notificationTargets.lastDigestAt})) / 86400) * interval '1 day'`;

export async function sendDailyDigests(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  await startDigestDays(ctx, now);
  // A day without urgent tasks ends without an email, all such users in one statement.
  await ctx.db
    .update(notificationTargets)
    .set({ lastDigestAt: advanced(now), updatedAt: now })
    .where(
      and(
        dueBefore(now),
        sql`not exists (
          select 1 from ${tasks} join ${users} on ${users.id} = ${tasks.userId}
          where ${tasks.userId} = ${notificationTargets.userId} and ${isUrgent()}
            and ${tasks.createdAt} > greatest(${notificationTargets.lastDigestAt}, ${new Date(now.getTime() - DAY_MS)}::timestamptz)
            and ${tasks.createdAt} <= ${now}
        )`,
      ),
    );
  const due = await ctx.db
    .select({ userId: notificationTargets.userId, lastDigestAt: notificationTargets.lastDigestAt })
    .from(notificationTargets)
    .innerJoin(userSettings, eq(userSettings.userId, notificationTargets.userId))
    .innerJoin(users, eq(users.id, notificationTargets.userId))
    .where(and(digestOn(), dueBefore(now)));
  for (const { userId, lastDigestAt } of due) {
    try {
      await sendDigest(ctx, userId, lastDigestAt!, now);
    } catch (error) {
      ctx.log.warn({ err: error, userId }, 'could not send a daily digest');
    }
  }
}

/** Users who just chose the digest (or never had one) start their day now. */
async function startDigestDays(ctx: AppContext, now: Date): Promise<void> {
  await ctx.db.execute(sql`
    insert into ${notificationTargets} (user_id, last_digest_at, updated_at)
    select ${userSettings.userId}, ${now}::timestamptz, ${now}::timestamptz
    from ${userSettings} join ${users} on ${users.id} = ${userSettings.userId}
    where ${digestOn()}
      and not exists (
        select 1 from ${notificationTargets} t
        where t.user_id = ${userSettings.userId} and t.last_digest_at is not null
      )
    on conflict (user_id) do update
      set last_digest_at = excluded.last_digest_at, updated_at = excluded.updated_at`);
}

async function sendDigest(ctx: AppContext, userId: string, lastDigestAt: Date, now: Date): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // Only the worker that moves the day on sends its digest.
    const [moved] = await tx
      .update(notificationTargets)
      .set({ lastDigestAt: advanced(now), updatedAt: now })
      .where(and(eq(notificationTargets.userId, userId), eq(notificationTargets.lastDigestAt, lastDigestAt)))
      .returning({ userId: notificationTargets.userId });
    if (!moved) return;
    const since = new Date(Math.max(lastDigestAt.getTime(), now.getTime() - DAY_MS));
    const digest = await tasksForDigest(ctx, tx, userId, since, now);
    if (!digest) return;
    const won = await claimDeliveries(
      tx,
      userId,
      'email',
      digest.tasks.map((task) => task.id),
      now,
      {
        sent: true,
      },
    );
    if (won.length === 0) return;
    const { subject, text } = digestEmail(
      digest.reader,
      digest.tasks.filter((task) => won.includes(task.id)),
    );
    await ctx.mailer.send({ userId, kind: 'urgent_tasks_digest', to: digest.email, subject, text }, tx);
  });
}
