import type { MessengerPlatform } from '@doppel/contracts';
import {
  and,
  communicationHistory,
  contacts,
  desc,
  eq,
  inArray,
  inboundEvents,
  sql,
  tasks,
  type DbOrTx,
} from '@doppel/db';
import type { InboundMessage } from '../../integrations/messengers/messenger-adapter';
import type { AppContext } from '../../lib/context';
import type { JobHandler } from '../../jobs/job-queue';
import { markLeadsResponded } from '../campaigns/engage-leads';
import { detectLanguage } from '../engine/detect-language';
import { createTask, takeNewerMessage } from '../tasks/task-commands';

export const RECEIVE_MESSAGE_JOB = 'messengers.receive-message';

/** A message as the job stores it: dates travel as ISO strings. */
export interface ReceiveMessagePayload {
  userId: string;
  connectionId: string;
  platform: MessengerPlatform;
  message: Omit<InboundMessage, 'sentAt'> & { sentAt: string };
}

/** How much of the message names the task. */
const TITLE_SNIPPET = 60;

/**
 * Takes a message in at most once per connection (the platform's id): records the event id and
 * queues the job that turns it into a task, in one transaction. Returns whether it was new.
 */
export async function acceptInboundMessage(
  ctx: AppContext,
  tx: DbOrTx,
  connection: { id: string; userId: string; platform: MessengerPlatform },
  message: InboundMessage,
): Promise<boolean> {
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

function titleFor(sender: string, text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const snippet = line.length > TITLE_SNIPPET ? `${line.slice(0, TITLE_SNIPPET - 1).trimEnd()}…` : line;
  return `${sender}: ${snippet}`;
}

/**
 * Issue 7 §3, in a job: the sender becomes (or is found as) a contact on the platform, with the
 * language their message is written in; the message joins the contact's history; and the open
 * reply task for the contact answers it — a new task when there is none — analysed like every
 * task (engine/analyze-task.ts).
 */
export async function receiveMessage(ctx: AppContext, payload: ReceiveMessagePayload): Promise<void> {
  const { userId, platform, message } = payload;
  const sentAt = new Date(message.sentAt);
  const language = detectLanguage(message.text);
  const contactId = await ctx.db.transaction(async (tx) => {
    const [known] = await tx
      .select({ id: contacts.id, language: contacts.language })
      .from(contacts)
      .where(
        and(eq(contacts.userId, userId), eq(contacts.source, platform), eq(contacts.handle, message.handle)),
      )
      .limit(1);
    let id = known?.id;
    if (id) {
      if (language && language !== known!.language) {
        await tx.update(contacts).set({ language, updatedAt: ctx.clock.now() }).where(eq(contacts.id, id));
      }
    } else {
      const [created] = await tx
        .insert(contacts)
        .values({
          userId,
          name: message.senderName.slice(0, 200) || message.handle,
          language: language ?? 'en',
          source: platform,
          handle: message.handle,
        })
        .returning({ id: contacts.id });
      id = created!.id;
    }
    await tx.insert(communicationHistory).values({
      userId,
      contactId: id,
      direction: 'inbound',
      channel: platform,
      text: message.text,
      externalId: message.eventId,
      deliveryStatus: 'received',
      occurredAt: sentAt,
    });
    return id;
  });
  // A reply from a campaign lead's contact: the lead has responded.
  await markLeadsResponded(ctx, userId, contactId);

  const [open] = await ctx.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        eq(tasks.contactId, contactId),
        eq(tasks.type, 'message_reply'),
        inArray(tasks.status, ['pending', 'in_progress']),
      ),
    )
    .orderBy(desc(tasks.createdAt))
    .limit(1);
  if (open) {
    await takeNewerMessage(ctx, userId, open.id, message.text);
    return;
  }
  await createTask(ctx, userId, {
    type: 'message_reply',
    title: titleFor(message.senderName || message.handle, message.text),
    contactId,
    context: { triggerType: 'message', lastMessage: message.text },
  });
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
