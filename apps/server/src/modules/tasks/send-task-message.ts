import {
  isPostTask,
  sendTaskMessageInputSchema,
  type ContactSource,
  type SendTaskMessageInput,
  messengerPlatformSchema,
  type SendTaskMessageResult,
  type Task,
  type PublishProblem,
  type TaskType,
} from '@doppel/contracts';
import { and, contacts, eq, sql, tasks, users } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/actor';
import type { AppContext } from '../../lib/context';
import type { DomainEvent } from '../../lib/domain-events';
import { cutText } from '../../lib/text';
import { MessengerError } from '../../integrations/messengers/messenger-adapter';
import { recordMessage, settleDelivery } from '../contacts';
import { learnFromSentMessage } from '../drafting';
import { taskSearchText } from '../engine';
import {
  allows,
  connectionFor,
  emailSubjectFrom,
  latestMailOf,
  latestSendOfTask,
  queueEmail,
  replySubject,
  requeueEmail,
  sendThroughMessenger,
  sendWhatsAppTemplate,
  whatsAppRefusalCode,
} from '../messengers';
import { LINKEDIN_POST_MAX } from '../../integrations/social/linkedin';
import { subredditName } from '../../integrations/social/reddit';
import { hasSocialAccount, publishWithAccount, type Publication } from '../social-accounts';
import { TASK_NOT_FOUND, getTask } from './task-queries';
import { outreachTemplate } from './whatsapp-outreach';

/** Where a post is published; a message goes out on its contact's channel. */
function channelFor(type: TaskType, contactSource: ContactSource | null): ContactSource | null {
  if (type === 'linkedin_post') return 'linkedin';
  if (type === 'reddit_post' || type === 'reddit_comment') return 'reddit';
  return contactSource;
}

const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * How the composer's message leaves: delivered now, queued (email), unknown (the messenger
 * failed in a way that may have delivered it: the user checks before Retry), or to send by hand.
 * `text` is what went out when it is not the composer's text: a campaign's WhatsApp template,
 * filled for the lead, outside the 24-hour window (docs/decisions/034).
 */
type Delivered =
  | { kind: 'sent'; externalId: string | null; link?: string; text?: string }
  | { kind: 'queued'; address: string }
  | { kind: 'unknown'; text?: string }
  | { kind: 'failed'; reason: PublishProblem; detail: string | null; retryAfterSeconds: number | null }
  | null;

/** What a Reddit post went out with, kept on the task for the card and for Retry. */
interface PostDetails {
  postTitle?: string;
  community?: string;
}

const fieldError = (field: string, key: string) =>
  new AppError('validation_failed', undefined, { fields: { [field]: key } });

/**
 * What Publish posts through the user's account; null when the post is the user's to publish by
 * hand (no account connected, or a comment on a post whose id the task does not know).
 */
async function publicationOf(
  ctx: AppContext,
  userId: string,
  task: Task,
  text: string,
  input: { postTitle?: string; community?: string },
): Promise<{ publication: Publication; details: PostDetails } | null> {
  if (task.type === 'linkedin_post') {
    if (!(await hasSocialAccount(ctx, userId, 'linkedin'))) return null;
    if (text.length > LINKEDIN_POST_MAX) throw fieldError('text', 'linkedinPostTooLong');
    return { publication: { platform: 'linkedin', kind: 'post', text }, details: {} };
  }
  if (!(await hasSocialAccount(ctx, userId, 'reddit'))) return null;
  if (task.type === 'reddit_comment') {
    const thingId = task.context.triggerData?.postId;
    return thingId
      ? { publication: { platform: 'reddit', kind: 'comment', thingId, text }, details: {} }
      : null;
  }
  const community = subredditName(input.community || task.context.triggerData?.community || '');
  if (!community) throw fieldError('community', 'communityRequired');
  if (!input.postTitle) throw fieldError('postTitle', 'postTitleRequired');
  return {
    publication: { platform: 'reddit', kind: 'post', subreddit: community, title: input.postTitle, text },
    details: { postTitle: input.postTitle, community: `r/${community}` },
  };
}

/** Publishes a post task through the user's Reddit or LinkedIn account. */
async function publish(
  ctx: AppContext,
  userId: string,
  task: Task,
  text: string,
  input: { postTitle?: string; community?: string },
): Promise<{ delivered: Delivered; details: PostDetails }> {
  const planned = await publicationOf(ctx, userId, task, text, input);
  if (!planned) return { delivered: null, details: {} };
  const outcome = await publishWithAccount(ctx, userId, planned.publication);
  const delivered: Delivered =
    outcome.status === 'published'
      ? { kind: 'sent', externalId: outcome.id, link: outcome.url }
      : outcome.status === 'failed'
        ? {
            kind: 'failed',
            reason: outcome.reason,
            detail: outcome.detail,
            retryAfterSeconds: outcome.retryAfterSeconds,
          }
        : outcome.status === 'unknown'
          ? { kind: 'unknown' }
          : null;
  return { delivered, details: planned.details };
}

/**
 * The subject of an email from the composer: what the user typed, else "Re: " the contact's last
 * mail, else one made from the message.
 */
async function subjectFor(ctx: AppContext, userId: string, task: Task, text: string, typed?: string) {
  if (typed) return typed;
  const latest = task.contact ? await latestMailOf(ctx.db, userId, task.contact.id) : null;
  if (latest?.subject) return replySubject(latest.subject);
  return emailSubjectFrom(text, task.title);
}

/**
 * Delivers through the user's connected messenger when the contact is on one and sending is
 * allowed (an email is queued from the user's mailbox: `queued`); null when the message is to be
 * sent by hand. A refusal by a platform is recorded in the history as failed, the text is kept
 * as the task's draft, and the error is thrown.
 */
async function deliver(
  ctx: AppContext,
  userId: string,
  task: Task,
  kind: string,
  text: string,
): Promise<Delivered> {
  const contact = task.contact;
  if (!contact) return null;
  if (contact.source === 'email') {
    const [found] = await ctx.db
      .select({ handle: contacts.handle, isDemo: users.isDemo })
      .from(contacts)
      .innerJoin(users, eq(users.id, contacts.userId))
      .where(and(eq(contacts.id, contact.id), eq(contacts.userId, userId)));
    const handle = found?.handle;
    // A sandbox anyone can open must not become a way to mail arbitrary addresses.
    if (!handle || !EMAIL_ADDRESS.test(handle) || found.isDemo) return null;
    // Without the user's mailbox (or with sending off) the mail is theirs to send by hand, as
    // with a messenger that is not connected.
    const mailbox = await connectionFor(ctx, userId, 'email');
    if (!mailbox || mailbox.isSample || !allows(mailbox, 'send_messages')) return null;
    return { kind: 'queued', address: handle };
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
  // A campaign's first WhatsApp message outside the 24-hour window is its approved template.
  const template =
    platform.data === 'whatsapp' ? await outreachTemplate(ctx, userId, task, contact.id) : null;
  const sentText = template?.text ?? text;
  try {
    const sent = template
      ? await sendWhatsAppTemplate(ctx, connection, handle, template.message)
      : await sendThroughMessenger(ctx, connection, handle, text);
    return { kind: 'sent', ...sent, ...(template && { text: sentText }) };
  } catch (error) {
    if (!(error instanceof MessengerError)) throw error;
    // Not tried again on its own: the contact could get it twice. The task asks the user.
    if (error.uncertain) return { kind: 'unknown', ...(template && { text: sentText }) };
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      await recordMessage(
        tx,
        { userId },
        {
          contactId: contact.id,
          direction: 'outbound',
          channel: platform.data,
          text: sentText,
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
    // WhatsApp asking for a template, or refusing the template, says what the user can fix.
    const code = whatsAppRefusalCode(error);
    throw code ? new AppError(code) : new AppError('messenger_failed', error.message);
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
  return (await sendTask(ctx, userId, taskId, input, { byHand: true }))!;
}

/**
 * The twin sends a message task's draft itself (a campaign whose messages the AI assistant
 * sends): the composer's Send without a person — but a message Doppel cannot deliver (the
 * contact's channel is not connected, or has no API) is not marked as sent to be sent by hand:
 * nothing changes and the answer is null, for the task to wait for the user.
 */
export async function sendTaskOnItsOwn(
  ctx: AppContext,
  userId: string,
  taskId: string,
  input: SendTaskMessageInput,
): Promise<SendTaskMessageResult | null> {
  return sendTask(ctx, userId, taskId, input, { byHand: false });
}

async function sendTask(
  ctx: AppContext,
  userId: string,
  taskId: string,
  input: SendTaskMessageInput,
  options: { byHand: boolean },
): Promise<SendTaskMessageResult | null> {
  const { text, kind, subject: typedSubject, postTitle, community } = sendTaskMessageInputSchema.parse(input);
  const task = await getTask(ctx.db, userId, taskId);
  let delivered: Delivered;
  let postDetails: PostDetails = {};
  if (isPostTask(task.type)) {
    ({ delivered, details: postDetails } = await publish(ctx, userId, task, text, { postTitle, community }));
  } else {
    delivered = await deliver(ctx, userId, task, kind, text);
  }
  if (!delivered && !options.byHand) return null;
  // What the contact was sent: the composer's text, or the template it was replaced by.
  const sentText =
    (delivered?.kind === 'sent' || delivered?.kind === 'unknown' ? delivered.text : null) ?? text;
  const subject =
    delivered?.kind === 'queued' ? await subjectFor(ctx, userId, task, text, typedSubject) : null;
  const now = ctx.clock.now();
  const result = await ctx.domainEvents.transaction(async (tx) => {
    const current = await getTask(tx, userId, taskId);
    const channel = channelFor(current.type, current.contact?.source ?? null);
    const deliveryStatus = !delivered ? ('to_send_manually' as const) : delivered.kind;
    let externalId = delivered?.kind === 'sent' ? delivered.externalId : null;
    if (delivered?.kind === 'queued' && current.contact) {
      const queued = await queueEmail(ctx, tx, {
        userId,
        to: { address: delivered.address, name: current.contact.name },
        subject: subject!,
        text,
        contactId: current.contact.id,
        taskId,
        campaignId: current.context.campaignId ?? null,
        leadId: current.context.leadId ?? null,
        inThreadOf: current.contact.id,
        unsubscribable: Boolean(current.context.campaignId),
      });
      externalId = queued.messageId;
    }
    if (current.contact && !isPostTask(current.type)) {
      await recordMessage(
        tx,
        { userId },
        {
          contactId: current.contact.id,
          direction: 'outbound',
          channel: channel ?? current.contact.source,
          text: sentText,
          occurredAt: now,
          deliveryStatus,
          externalId,
          recordedAt: now,
        },
      );
    }
    // Whoever made the task learns it was sent (a campaign marks its lead contacted); a queued
    // email tells once the mail server took it (messengers' send job); an unknown or refused
    // one, never.
    if (deliveryStatus !== 'queued' && deliveryStatus !== 'unknown' && deliveryStatus !== 'failed') {
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
    }
    // The twin learns the user's voice from what they changed in its draft (decision 037); a
    // text the user wrote themselves ('custom') or sent before ('sent', Retry) is no draft.
    const fromDraft = current.context.draftProvenance?.[kind];
    const draft = fromDraft?.generated ?? current.responses[kind];
    if (draft && kind !== 'sent' && kind !== 'custom') {
      await learnFromSentMessage(
        tx,
        { userId },
        {
          taskId,
          taskType: current.type,
          channel,
          draftKind: kind,
          draft,
          sent: text,
          contactName: current.contact?.name ?? null,
          about: taskSearchText(current),
          language: fromDraft?.language.code ?? current.context.language ?? current.contact?.language ?? null,
        },
      );
    }
    const responses = { [kind]: text, sent: sentText };
    const delivery = {
      status: deliveryStatus,
      channel,
      at: now.toISOString(),
      ...(delivered?.kind === 'sent' && delivered.link ? { link: delivered.link } : {}),
      ...(delivered?.kind === 'failed'
        ? {
            reason: delivered.reason,
            ...(delivered.detail ? { serverReply: cutText(delivered.detail, 1000) } : {}),
            ...(delivered.retryAfterSeconds !== null
              ? { retryAfterSeconds: delivered.retryAfterSeconds }
              : {}),
          }
        : {}),
      ...postDetails,
    };
    // A message that may not have gone out, or a post the platform refused, leaves the task
    // open, with the text and Retry.
    const unknown = deliveryStatus === 'unknown' || deliveryStatus === 'failed';
    const [updated] = await tx
      .update(tasks)
      .set({
        responses: sql`${tasks.responses} || ${JSON.stringify(responses)}::jsonb`,
        context: sql`${tasks.context} || ${JSON.stringify({ delivery })}::jsonb`,
        ...(unknown
          ? { status: 'pending' as const, completedAt: null }
          : {
              status: 'completed' as const,
              completedAt: sql`coalesce(${tasks.completedAt}, ${now.toISOString()}::timestamptz)`,
            }),
        updatedAt: now,
      })
      .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)))
      .returning({ id: tasks.id });
    if (!updated) throw new AppError('not_found', TASK_NOT_FOUND, { reason: 'task_not_found' });
    return { task: await getTask(tx, userId, taskId), delivery: { status: deliveryStatus, channel } };
  });
  return result;
}

/**
 * Retry of a delivery that failed or is unknown. An email: the same mail (same Message-ID) is
 * queued again, and the task shows it queued. A messenger message: sent again now.
 */
export async function retryTaskDelivery(
  ctx: AppContext,
  userId: string,
  taskId: string,
): Promise<SendTaskMessageResult> {
  const task = await getTask(ctx.db, userId, taskId);
  const status = task.context.delivery?.status;
  if (status !== 'failed' && status !== 'unknown') {
    throw new AppError('conflict', 'Only a failed or unconfirmed email can be sent again.', {
      reason: 'delivery_not_retryable',
    });
  }
  const sentText = task.responses.sent;
  if (task.context.delivery?.channel !== 'email' && sentText) {
    // A messenger message that may not have gone out, or a post that was refused or may not have
    // been published: the user checked, and it goes again (a Reddit post with its title).
    const { postTitle, community } = task.context.delivery ?? {};
    return sendTaskMessage(ctx, userId, taskId, { text: sentText, kind: 'sent', postTitle, community });
  }
  const sendId = await latestSendOfTask(ctx.db, userId, taskId);
  if (!sendId) {
    throw new AppError('conflict', 'Only a failed or unconfirmed email can be sent again.', {
      reason: 'delivery_not_retryable',
    });
  }
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await requeueEmail(ctx, tx, userId, sendId);
    const channel = task.context.delivery?.channel ?? 'email';
    const delivery = { status: 'queued' as const, channel, at: now.toISOString() };
    await tx
      .update(tasks)
      .set({
        context: sql`${tasks.context} || ${JSON.stringify({ delivery })}::jsonb`,
        status: 'completed',
        completedAt: sql`coalesce(${tasks.completedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)));
    return { task: await getTask(tx, userId, taskId), delivery: { status: 'queued' as const, channel } };
  });
}

/**
 * The task's email is settled (messengers' send job): the task shows how it went. A mail that
 * failed, or whose fate is unknown, reopens the task with its text kept, for Retry.
 */
export async function showEmailDelivery(
  ctx: AppContext,
  actor: Actor,
  event: DomainEvent<'email.settled'>,
): Promise<void> {
  if (!event.taskId) return;
  const { userId } = actor;
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ context: tasks.context })
      .from(tasks)
      .where(and(eq(tasks.id, event.taskId!), eq(tasks.userId, userId)));
    if (!current) return;
    const delivery = {
      status: event.status,
      channel: current.context.delivery?.channel ?? 'email',
      at: event.at,
      ...(event.reason ? { reason: event.reason } : {}),
      ...(event.serverReply ? { serverReply: cutText(event.serverReply, 1000) } : {}),
    };
    await tx
      .update(tasks)
      .set({
        context: sql`${tasks.context} || ${JSON.stringify({ delivery })}::jsonb`,
        ...(event.status === 'sent' ? {} : { status: 'pending' as const, completedAt: null }),
        updatedAt: ctx.clock.now(),
      })
      .where(and(eq(tasks.id, event.taskId!), eq(tasks.userId, userId)));
    if (event.contactId && event.status !== 'unknown') {
      await settleDelivery(tx, actor, {
        channel: 'email',
        externalId: event.messageId,
        status: event.status,
        error: event.serverReply ?? event.reason,
      });
    }
  });
}
