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
  toMessengerConnection,
} from './messenger-connections';
import { acceptInboundMessage } from './receive-message';

type ConnectionRow = Awaited<ReturnType<typeof findConnection>>;

/** Pulls what the platform holds since the last sync and takes in what is new. */
async function pullMessages(
  ctx: AppContext,
  row: ConnectionRow,
): Promise<{ received: number; row: ConnectionRow }> {
  const adapter = messengerAdapter(ctx.config, row.platform);
  if (!adapter.fetchRecent || row.inboundRegistered) {
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
  const { received, row } = await pullMessages(ctx, await findConnection(ctx, userId, id));
  return { received, connection: toMessengerConnection(ctx, row) };
}

/** The periodic poll of connections that cannot receive webhooks (a Telegram bot on a local install). */
export async function pollMessengers(ctx: AppContext): Promise<void> {
  const rows = await ctx.db
    .select()
    .from(messengerConnections)
    .where(eq(messengerConnections.inboundRegistered, false));
  for (const row of rows) {
    if (!row.isConnected || !messengerAdapter(ctx.config, row.platform).fetchRecent) continue;
    await pullMessages(ctx, row).catch((error: unknown) =>
      ctx.log.warn({ err: error, connectionId: row.id }, 'pulling messages failed'),
    );
  }
}
