import type { MessengerSyncResult } from '@doppel/contracts';
import { eq, messengerConnections } from '@doppel/db';
import { messengerAdapter } from '../../integrations/messengers/adapters';
import { platformName } from '../../integrations/messengers/platform-http';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import {
  allows,
  credentialsOf,
  findConnection,
  messengerFailure,
  describeConnection,
} from './messenger-connections';
import { acceptInboundMessage } from './receive-message';
import { startMailboxRead } from './mailbox-sync-state';

type ConnectionRow = Awaited<ReturnType<typeof findConnection>>;

/** Pulls what the platform holds since the last sync and takes in what is new. */
async function pullMessages(
  ctx: AppContext,
  row: ConnectionRow,
): Promise<{ received: number; row: ConnectionRow }> {
  const adapter = row.platform === 'email' ? null : messengerAdapter(ctx.config, row.platform);
  if (!adapter?.fetchRecent || row.inboundRegistered) {
    throw new AppError(
      'conflict',
      `${platformName(row.platform)} sends messages to Doppel as they arrive; there is nothing to pull.`,
      { reason: 'messenger_push_only' },
    );
  }
  const messages = await adapter.fetchRecent(credentialsOf(ctx, row), row.lastSyncAt).catch(messengerFailure);
  const readable = allows(row, 'read_messages');
  let received = 0;
  const now = ctx.clock.now();
  const [updated] = await ctx.db.transaction(async (tx) => {
    if (readable) {
      for (const message of messages) {
        if (await acceptInboundMessage(ctx, tx, row, message)) received++;
      }
    }
    return tx
      .update(messengerConnections)
      .set({ lastSyncAt: now, updatedAt: now })
      .where(eq(messengerConnections.id, row.id))
      .returning();
  });
  return { received, row: updated! };
}

/** Sync pulls recent messages where the platform allows it, and stamps last_sync_at. */
export async function syncMessenger(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<MessengerSyncResult> {
  const found = await findConnection(ctx, userId, id);
  if (found.platform === 'email') {
    // A mailbox may hold much new mail: it is read by a job, its progress shown on the card.
    if (found.isSample) throw new AppError('demo_restricted');
    await ctx.db.transaction((tx) => startMailboxRead(ctx, tx, found, { shown: true }));
    return { received: 0, connection: await describeConnection(ctx, found) };
  }
  const { received, row } = await pullMessages(ctx, found);
  return { received, connection: await describeConnection(ctx, row) };
}

/**
 * How often a Slack connection that Slack pushes events to is checked against its history: the
 * only way to notice that the Slack app's events were switched off later.
 */
export const PUSHED_CHECK_MS = 10 * 60_000;
/** Events come within seconds; a message older than this that no event brought was missed. */
export const EVENT_GRACE_MS = 2 * 60_000;

/**
 * The check of a Slack connection that receives events: what its history holds since the last
 * check is taken in (the same `channel:ts` ids as the events, so nothing twice), and when a
 * message there is older than the grace and no event had brought it, events stopped coming —
 * the connection goes back to polling until Slack pushes again.
 */
async function checkPushedSlack(ctx: AppContext, row: ConnectionRow): Promise<void> {
  const adapter = messengerAdapter(ctx.config, 'slack');
  const now = ctx.clock.now();
  const since = row.lastSyncAt ?? new Date(now.getTime() - PUSHED_CHECK_MS);
  const messages = await adapter.fetchRecent!(credentialsOf(ctx, row), since).catch(messengerFailure);
  const readable = allows(row, 'read_messages');
  await ctx.db.transaction(async (tx) => {
    let missed = 0;
    if (readable) {
      for (const message of messages) {
        const taken = await acceptInboundMessage(ctx, tx, row, message);
        if (taken && now.getTime() - message.sentAt.getTime() > EVENT_GRACE_MS) missed++;
      }
    }
    if (missed > 0)
      ctx.log.info({ connectionId: row.id, missed }, 'Slack events stopped arriving; polling again');
    await tx
      .update(messengerConnections)
      .set({ lastSyncAt: now, updatedAt: now, ...(missed > 0 ? { inboundRegistered: false } : {}) })
      .where(eq(messengerConnections.id, row.id));
  });
}

/**
 * The periodic poll (every 30 s) of connections that cannot receive webhooks (a Telegram bot on a
 * local install, a Slack app without events), and the slower check of Slack connections that do.
 */
export async function pollMessengers(ctx: AppContext): Promise<void> {
  const rows = await ctx.db
    .select()
    .from(messengerConnections)
    .where(eq(messengerConnections.isConnected, true));
  const now = ctx.clock.now().getTime();
  for (const row of rows) {
    if (row.platform === 'email') continue;
    if (!messengerAdapter(ctx.config, row.platform).fetchRecent) continue;
    const failed = (error: unknown) =>
      ctx.log.warn({ err: error, connectionId: row.id }, 'pulling messages failed');
    if (!row.inboundRegistered) {
      await pullMessages(ctx, row).catch(failed);
    } else if (
      row.platform === 'slack' &&
      (!row.lastSyncAt || now - row.lastSyncAt.getTime() >= PUSHED_CHECK_MS)
    ) {
      await checkPushedSlack(ctx, row).catch(failed);
    }
  }
}
