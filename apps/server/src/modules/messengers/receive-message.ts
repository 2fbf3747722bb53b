import type { MessengerPlatform } from '@doppel/contracts';
import { inboundEvents, sql, type DbOrTx } from '@doppel/db';
import type { InboundMessage } from '../../integrations/messengers/messenger-adapter';
import type { AppContext } from '../../lib/context';
import type { JobHandler } from '../../lib/job-queue';
import { cutText, storableText } from '../../lib/text';
import { findOrCreateContact, recordMessage } from '../contacts';
import { detectLanguage } from '../language';

export const RECEIVE_MESSAGE_JOB = 'messengers.receive-message';

/** A message as the job stores it: dates travel as ISO strings. */
export interface ReceiveMessagePayload {
  userId: string;
  connectionId: string;
  platform: MessengerPlatform;
  message: Omit<InboundMessage, 'sentAt'> & { sentAt: string };
}

/**
 * Takes a message in at most once per connection (the platform's id): records the event id and
 * queues the job that turns it into a task, in one transaction. Returns whether it was new.
 * Its text is made storable first: the platform signed it, so it is the user's contact's
 * message, and refusing it would only make the platform send it again (decision 028).
 */
export async function acceptInboundMessage(
  ctx: AppContext,
  tx: DbOrTx,
  connection: { id: string; userId: string; platform: MessengerPlatform },
  received: InboundMessage,
): Promise<boolean> {
  const message: InboundMessage = {
    ...received,
    eventId: storableText(received.eventId),
    handle: storableText(received.handle),
    senderName: storableText(received.senderName),
    text: storableText(received.text),
  };
  const inserted = await tx
    .insert(inboundEvents)
    .values({ connectionId: connection.id, eventId: message.eventId, receivedAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning({ eventId: inboundEvents.eventId });
  if (inserted.length === 0) return false;
  const payload: ReceiveMessagePayload = {
    userId: connection.userId,
    connectionId: connection.id,
    platform: connection.platform,
    message: { ...message, sentAt: message.sentAt.toISOString() },
  };
  await ctx.jobs.enqueue(tx, RECEIVE_MESSAGE_JOB, { ...payload });
  return true;
}

/** Takes in a webhook's messages in one transaction; answers how many were new. */
export async function acceptInboundMessages(
  ctx: AppContext,
  connection: { id: string; userId: string; platform: MessengerPlatform },
  messages: InboundMessage[],
): Promise<number> {
  let accepted = 0;
  await ctx.db.transaction(async (tx) => {
    for (const message of messages) {
      if (await acceptInboundMessage(ctx, tx, connection, message)) accepted++;
    }
  });
  return accepted;
}

/**
 * In a job: the sender becomes (or is found as) a contact on the platform, with the language
 * their message is written in, and the message joins the contact's history. The contact's
 * reply is then a domain event: the tasks module answers it with a reply task, campaigns
 * move the lead reached through the contact along.
 */
export async function receiveMessage(ctx: AppContext, payload: ReceiveMessagePayload): Promise<void> {
  const { userId, platform, message } = payload;
  const sentAt = new Date(message.sentAt);
  const actor = { userId };
  const started = platform === 'telegram' ? botStartPayload(message.text) : null;
  if (started !== null) {
    // A deep link's `/start <code>` is a command to the user's own bot (linking their chat for
    // notifications), not a contact writing: it becomes no contact, history or reply task.
    await ctx.domainEvents.transaction((tx) =>
      ctx.domainEvents.publish(tx, actor, {
        type: 'telegram.started',
        connectionId: payload.connectionId,
        chatId: message.handle,
        payload: started,
        at: sentAt.toISOString(),
      }),
    );
    return;
  }
  const language = detectLanguage(message.text);
  await ctx.domainEvents.transaction(async (tx) => {
    const contact = await findOrCreateContact(tx, actor, {
      match: { source: platform, handle: message.handle },
      create: {
        name: cutText(message.senderName, 200) || message.handle,
        language: language ?? 'en',
        source: platform,
        handle: message.handle,
      },
      // The contact now writes in this language (drafts answer in it).
      update: { language: language ?? undefined },
      // A contact's first message: the twin's persona speaks to it from now on.
      wrote: true,
      now: ctx.clock.now(),
    });
    await recordMessage(tx, actor, {
      contactId: contact.id,
      direction: 'inbound',
      channel: platform,
      text: message.text,
      externalId: message.eventId,
      deliveryStatus: 'received',
      occurredAt: sentAt,
    });
    // The contact's reply task answers it; a campaign's lead reached through them responded.
    await ctx.domainEvents.publish(tx, actor, {
      type: 'contact.replied',
      contactId: contact.id,
      senderName: message.senderName || message.handle,
      text: message.text,
      at: sentAt.toISOString(),
    });
  });
}

/** The payload of a Telegram deep link's `/start <payload>` (at most 64 characters), else null. */
function botStartPayload(text: string): string | null {
  return /^\/start(?:@\w+)?[ \t]+([A-Za-z0-9_-]{1,64})\s*$/.exec(text)?.[1] ?? null;
}

export function receiveMessageJob(ctx: AppContext): JobHandler<ReceiveMessagePayload> {
  return {
    kind: RECEIVE_MESSAGE_JOB,
    maxAttempts: 5,
    run: (payload) => receiveMessage(ctx, payload),
  };
}

/** Forgets event ids older than a week: platforms retry for hours, not weeks. */
export async function pruneInboundEvents(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(inboundEvents).where(sql`${inboundEvents.receivedAt} < ${before}`);
}
