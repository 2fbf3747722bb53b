import { createHash, randomBytes } from 'node:crypto';
import { TELEGRAM_LINK_MINUTES, type TelegramLink, type TelegramNotificationState } from '@doppel/contracts';
import { and, eq, gt, notificationTargets } from '@doppel/db';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { DomainEvent } from '../../lib/domain-events';
import { connectionFor, sendThroughMessenger } from '../messengers';
import { getUserSettings } from '../settings';
import { telegramCodeInvalidText, telegramLinkedText } from './notification-texts';

/*
 * The user's own Telegram chat, linked through their connected bot: Settings makes a one-time
 * code (only its hash is kept, for TELEGRAM_LINK_MINUTES), the user sends it to the bot as
 * `/start <code>` — the t.me deep link does that with one tap — and the chat that sent it is
 * where notifications go. The messengers module turns that message into the `telegram.started`
 * event instead of a contact's message (it never learns of this module).
 */

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

type TargetRow = typeof notificationTargets.$inferSelect;

async function targetOf(ctx: AppContext, userId: string): Promise<TargetRow | null> {
  const [row] = await ctx.db.select().from(notificationTargets).where(eq(notificationTargets.userId, userId));
  return row ?? null;
}

/** The linked chat's id, or null. */
export async function telegramChatOf(ctx: AppContext, userId: string): Promise<string | null> {
  return (await targetOf(ctx, userId))?.telegramChatId ?? null;
}

export async function telegramState(ctx: AppContext, userId: string): Promise<TelegramNotificationState> {
  const [connection, target] = await Promise.all([
    connectionFor(ctx, userId, 'telegram'),
    targetOf(ctx, userId),
  ]);
  const pending = target?.telegramLinkExpiresAt;
  return {
    bot: connection?.username ?? null,
    linkedAt: target?.telegramChatId ? (target.telegramLinkedAt?.toISOString() ?? null) : null,
    linkPendingUntil: pending && pending > ctx.clock.now() ? pending.toISOString() : null,
  };
}

/** A fresh code (the previous one stops working) and the deep link that sends it. */
export async function createTelegramLink(ctx: AppContext, userId: string): Promise<TelegramLink> {
  const connection = await connectionFor(ctx, userId, 'telegram');
  if (!connection) throw new AppError('telegram_bot_required');
  // 128 bits in the characters a deep link's start parameter allows (A-Z, a-z, 0-9, _ and -).
  const code = randomBytes(16).toString('base64url');
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + TELEGRAM_LINK_MINUTES * 60 * 1000);
  const pending = { telegramLinkCodeHash: hashCode(code), telegramLinkExpiresAt: expiresAt, updatedAt: now };
  await ctx.db
    .insert(notificationTargets)
    .values({ userId, ...pending })
    .onConflictDoUpdate({ target: notificationTargets.userId, set: pending });
  const bot = connection.username.replace(/^@/, '');
  return {
    code,
    url: `https://t.me/${encodeURIComponent(bot)}?start=${code}`,
    command: `/start ${code}`,
    expiresAt: expiresAt.toISOString(),
  };
}

/** Forgets the linked chat and any code that waits. */
export async function unlinkTelegram(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db
    .update(notificationTargets)
    .set({
      telegramChatId: null,
      telegramLinkedAt: null,
      telegramLinkCodeHash: null,
      telegramLinkExpiresAt: null,
      updatedAt: ctx.clock.now(),
    })
    .where(eq(notificationTargets.userId, userId));
}

/**
 * Someone started the user's bot with a code (`telegram.started`): when it is the user's
 * current code, their chat is linked and the code is spent. The chat is told either way.
 */
export async function linkTelegramChat(
  ctx: AppContext,
  actor: Pick<Actor, 'userId'>,
  event: DomainEvent<'telegram.started'>,
): Promise<void> {
  const now = ctx.clock.now();
  const [linked] = await ctx.db
    .update(notificationTargets)
    .set({
      telegramChatId: event.chatId,
      telegramLinkedAt: now,
      telegramLinkCodeHash: null,
      telegramLinkExpiresAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(notificationTargets.userId, actor.userId),
        eq(notificationTargets.telegramLinkCodeHash, hashCode(event.payload)),
        gt(notificationTargets.telegramLinkExpiresAt, now),
      ),
    )
    .returning({ userId: notificationTargets.userId });
  const { language } = await getUserSettings(ctx, actor.userId);
  const reply = linked ? telegramLinkedText(language) : telegramCodeInvalidText(language);
  const connection = await connectionFor(ctx, actor.userId, 'telegram');
  if (!connection) return;
  try {
    await sendThroughMessenger(ctx, connection, event.chatId, reply);
  } catch (error) {
    // The link stands (or the code was wrong) whether or not the bot could say so; trying the
    // event again would find the code spent and answer wrongly.
    ctx.log.warn({ err: error, userId: actor.userId }, 'could not answer a Telegram link code');
  }
}
