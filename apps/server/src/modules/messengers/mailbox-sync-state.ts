import { eq, mailboxSync, messengerConnections, sql, type DbOrTx } from '@doppel/db';
import type { AppContext } from '../../lib/context';

/** The job that reads a connected mailbox's new mail (sync-mailbox.ts). */
export const SYNC_MAILBOX_JOB = 'messengers.sync-mailbox';

type ConnectionRow = typeof messengerConnections.$inferSelect;

/**
 * Queues a read of the mailbox unless one is already waiting. `fresh` (a mailbox connected anew)
 * forgets where reading left off, so the first read takes the last EMAIL_FIRST_SYNC_DAYS days;
 * `shown` (the user asked: Connect, Sync) shows the card as reading at once.
 */
export async function startMailboxRead(
  ctx: AppContext,
  tx: DbOrTx,
  connection: Pick<ConnectionRow, 'id' | 'userId'>,
  options: { fresh?: boolean; shown?: boolean } = {},
): Promise<void> {
  const now = ctx.clock.now();
  const reset = { uidValidity: null, lastUid: 0, done: 0, total: 0, error: null };
  await tx
    .insert(mailboxSync)
    .values({
      connectionId: connection.id,
      userId: connection.userId,
      state: options.shown ? 'syncing' : 'idle',
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: mailboxSync.connectionId,
      set: {
        ...(options.fresh ? reset : {}),
        ...(options.shown ? { state: 'syncing' as const, done: 0, total: 0, error: null } : {}),
        updatedAt: now,
      },
    });
  const waiting = await ctx.jobs.queued(tx, SYNC_MAILBOX_JOB, { connectionId: connection.id });
  if (waiting.length === 0) {
    await ctx.jobs.enqueue(tx, SYNC_MAILBOX_JOB, { userId: connection.userId, connectionId: connection.id });
  }
}

/**
 * Records how a read goes, and touches the connection so the change feed tells the user's
 * open apps (the card's progress moves live).
 */
export async function recordMailboxProgress(
  ctx: AppContext,
  tx: DbOrTx,
  connectionId: string,
  progress: Partial<Omit<typeof mailboxSync.$inferInsert, 'connectionId' | 'userId'>>,
): Promise<void> {
  const now = ctx.clock.now();
  await tx
    .update(mailboxSync)
    .set({ ...progress, updatedAt: now })
    .where(eq(mailboxSync.connectionId, connectionId));
  await tx
    .update(messengerConnections)
    .set({ updatedAt: sql`greatest(${messengerConnections.updatedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(messengerConnections.id, connectionId));
}
