import type { ChatEngine, ChatMessage } from '@doppel/contracts';
import { and, chatMessages, desc, eq, lt, type DbOrTx } from '@doppel/db';
import type { AppContext } from '../../lib/context';

/** How much of the conversation the console shows and keeps; older messages are dropped. */
export const CHAT_HISTORY_LIMIT = 200;

type ChatRow = typeof chatMessages.$inferSelect;

function toChatMessage(row: ChatRow): ChatMessage {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    timestamp: row.createdAt.toISOString(),
    engine: row.engine ?? null,
  };
}

/** The user's conversation, oldest first (the last CHAT_HISTORY_LIMIT messages). */
export async function listChatMessages(ctx: AppContext, userId: string, limit = CHAT_HISTORY_LIMIT) {
  const rows = await ctx.db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.userId, userId))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit);
  return rows.reverse().map(toChatMessage);
}

export async function appendChatMessage(
  ctx: AppContext,
  userId: string,
  message: { id?: string; type: ChatMessage['type']; content: string; engine?: ChatEngine | null; at: Date },
  db: DbOrTx = ctx.db,
): Promise<ChatMessage> {
  const [row] = await db
    .insert(chatMessages)
    .values({
      id: message.id,
      userId,
      type: message.type,
      content: message.content,
      engine: message.engine ?? null,
      createdAt: message.at,
    })
    .returning();
  return toChatMessage(row!);
}

/** /clear: the whole conversation of the user goes. */
export async function clearChatMessages(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.delete(chatMessages).where(eq(chatMessages.userId, userId));
}

/** Drops what is older than the last CHAT_HISTORY_LIMIT messages, so the table stays small. */
export async function pruneChatMessages(ctx: AppContext, userId: string): Promise<void> {
  const [oldestKept] = await ctx.db
    .select({ createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(eq(chatMessages.userId, userId))
    .orderBy(desc(chatMessages.createdAt))
    .offset(CHAT_HISTORY_LIMIT - 1)
    .limit(1);
  if (!oldestKept) return;
  await ctx.db
    .delete(chatMessages)
    .where(and(eq(chatMessages.userId, userId), lt(chatMessages.createdAt, oldestKept.createdAt)));
}
