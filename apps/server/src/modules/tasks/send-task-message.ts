import {
  isPostTask,
  sendTaskMessageInputSchema,
  type ContactSource,
  type SendTaskMessageInput,
  messengerPlatformSchema,
  type SendTaskMessageResult,
  type Task,
  type TaskType,
} from '@doppel/contracts';
import { and, contacts, eq, sql, tasks, users } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { MessengerError } from '../../integrations/messengers/messenger-adapter';
import { recordMessage } from '../contacts';
import { allows, connectionFor, sendThroughMessenger } from '../messengers';
import { emailSubjectFrom } from './email-subject';
import { TASK_NOT_FOUND, getTask } from './task-queries';

/** Where a post is published; a message goes out on its contact's channel. */
function channelFor(type: TaskType, contactSource: ContactSource | null): ContactSource | null {
  if (type === 'linkedin_post') return 'linkedin';
  if (type === 'reddit_post' || type === 'reddit_comment') return 'reddit';
  return contactSource;
}

/** What the outbox calls a message sent to an email contact (a campaign's outreach, or any other). */
export const CAMPAIGN_OUTREACH_EMAIL = 'campaign_outreach';
export const CONTACT_EMAIL = 'contact_message';

const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Delivers through the app's mailer (SMTP, else the outbox) to a contact reached by email, or
 * through the user's connected messenger when the contact is on one and sending is allowed;
 * null when the message is to be sent by hand. A refusal by the platform is recorded
 * in the history as failed, the text is kept as the task's draft, and the error is thrown.
 */
async function deliver(
  ctx: AppContext,
  userId: string,
  task: Task,
  kind: string,
  text: string,
): Promise<{ externalId: string | null } | null> {
  const contact = task.contact;
  if (!contact || isPostTask(task.type)) return null;
  if (contact.source === 'email') {
    const [found] = await ctx.db
      .select({ handle: contacts.handle, isDemo: users.isDemo })
      .from(contacts)
      .innerJoin(users, eq(users.id, contacts.userId))
      .where(and(eq(contacts.id, contact.id), eq(contacts.userId, userId)));
    const handle = found?.handle;
    // A sandbox anyone can open must not become a way to mail arbitrary addresses.
    if (!handle || !EMAIL_ADDRESS.test(handle) || found.isDemo) return null;
    await ctx.mailer.send({
      userId,
      kind: task.context.campaignId ? CAMPAIGN_OUTREACH_EMAIL : CONTACT_EMAIL,
      to: handle,
      subject: emailSubjectFrom(text, task.title),
      text,
    });
    return { externalId: null };
  }
  const platform = messengerPlatformSchema.safeParse(contact.source);
  if (!platform.success) return null;
  const [{ handle } = { handle: null }] = await ctx.db
    .select({ handle: contacts.handle })
    .from(contacts)
    .where(and(eq(contacts.id, contact.id), eq(contacts.userId, userId)));
  if (!handle) return null;
  const connection = await connectionFor(ctx, userId, platform.data);
  if (!connection || !allows(connection, 'send_messages')) return null;
  try {
    return await sendThroughMessenger(ctx, connection, handle, text);
  } catch (error) {
    if (!(error instanceof MessengerError)) throw error;
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      await recordMessage(
        tx,
        { userId },
        {
          contactId: contact.id,
          direction: 'outbound',
          channel: platform.data,
          text,
          occurredAt: now,
          deliveryStatus: 'failed',
          deliveryError: error.message,
          recordedAt: now,
        },
      );
      await tx
        .update(tasks)
        .set({
          responses: sql`${tasks.responses} || ${JSON.stringify({ [kind]: text })}::jsonb`,
          updatedAt: now,
        })
        .where(and(eq(tasks.id, task.id), eq(tasks.userId, userId)));
    });
    throw new AppError('messenger_failed', error.message);
  }
}

/**
 * The composer's Send. When the contact is on a connected
 * messenger the text is delivered through it first; then, in one transaction, it
 * becomes the task's response (under the template kind it started from, and as `sent`), an
 * outbound entry in the contact's history with its delivery status, and the task is completed.
 * Without a connection the message is recorded as "to send manually" and the web app offers
 * copy (and, for posts, open LinkedIn or Reddit).
 */
export async function sendTaskMessage(
  ctx: AppContext,
  userId: string,
  taskId: string,
  input: SendTaskMessageInput,
): Promise<SendTaskMessageResult> {
  const { text, kind } = sendTaskMessageInputSchema.parse(input);
  const delivered = await deliver(ctx, userId, await getTask(ctx.db, userId, taskId), kind, text);
  const now = ctx.clock.now();
  const result = await ctx.domainEvents.transaction(async (tx) => {
    const current = await getTask(tx, userId, taskId);
    const channel = channelFor(current.type, current.contact?.source ?? null);
    const deliveryStatus = delivered ? ('sent' as const) : ('to_send_manually' as const);
    if (current.contact && !isPostTask(current.type)) {
      await recordMessage(
        tx,
        { userId },
        {
          contactId: current.contact.id,
          direction: 'outbound',
          channel: channel ?? current.contact.source,
          text,
          occurredAt: now,
          deliveryStatus,
          externalId: delivered?.externalId ?? null,
          recordedAt: now,
        },
      );
    }
    // Whoever made the task learns it was sent (a campaign marks its lead contacted).
    await ctx.domainEvents.publish(
      tx,
      { userId },
      {
        type: 'message.sent',
        taskId,
        contactId: current.contact?.id ?? null,
        campaignId: current.context.campaignId ?? null,
        leadId: current.context.leadId ?? null,
        at: now.toISOString(),
      },
    );
    const responses = { [kind]: text, sent: text };
    const delivery = { status: deliveryStatus, channel, at: now.toISOString() };
    const [updated] = await tx
      .update(tasks)
      .set({
        responses: sql`${tasks.responses} || ${JSON.stringify(responses)}::jsonb`,
        context: sql`${tasks.context} || ${JSON.stringify({ delivery })}::jsonb`,
        status: 'completed',
        completedAt: sql`coalesce(${tasks.completedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)))
      .returning({ id: tasks.id });
    if (!updated) throw new AppError('not_found', TASK_NOT_FOUND);
    return { task: await getTask(tx, userId, taskId), delivery: { status: deliveryStatus, channel } };
  });
  return result;
}
