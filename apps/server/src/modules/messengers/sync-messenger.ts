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

/** The periodic poll of connections that cannot receive webhooks (a Telegram bot on a local install). */
export async function pollMessengers(ctx: AppContext): Promise<void> {
  const rows = await ctx.db
    .select()
    .from(messengerConnections)
    .where(eq(messengerConnections.inboundRegistered, false));
  for (const row of rows) {
    if (!row.isConnected || row.platform === 'email') continue;
    if (!messengerAdapter(ctx.config, row.platform).fetchRecent) continue;
    await pullMessages(ctx, row).catch((error: unknown) =>
      ctx.log.warn({ err: error, connectionId: row.id }, 'pulling messages failed'),
    );
  }
}
