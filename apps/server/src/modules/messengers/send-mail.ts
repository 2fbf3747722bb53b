import {
  and,
  desc,
  emailMessages,
  emailOptOuts,
  emailSends,
  eq,
  messengerConnections,
  type DbOrTx,
} from '@doppel/db';
import { emailDeliveryProblems, type EmailDeliveryProblem } from '@doppel/contracts';
import { MailboxError, type MailboxSettings, type OutgoingMail } from '../../integrations/email/mailbox';
import { newMessageId } from '../../integrations/email/smtp-sender';
import { AppError } from '../../lib/app-error';
import { knownCode } from '../../lib/known-code';
import type { AppContext } from '../../lib/context';
import type { JobHandler } from '../../lib/job-queue';
import { cutText } from '../../lib/text';
import { mailReader, mailSender, mailboxSettingsOf } from './mailbox';
import { allows, credentialsOf } from './messenger-connections';

/*
 * Email from the user's own mailbox (issue 18, docs/decisions/031). A mail is queued as a row of
 * email_sends with its Message-ID chosen up front, and a durable job sends it: retried with
 * back-off while the server defers it, failed for good when it refuses it, and never sent twice
 * unasked — a job that finds the row it was sending when its process died looks for it in the
 * Sent folder and, not finding it, leaves it "unknown" for the user to decide.
 */

export const SEND_MAIL_JOB = 'messengers.send-mail';

/** Attempts of one send while the server defers it (4xx) or cannot be reached. */
const SEND_ATTEMPTS = 6;

type ConnectionRow = typeof messengerConnections.$inferSelect;
type SendRow = typeof emailSends.$inferSelect;

export interface QueuedEmail {
  userId: string;
  to: { address: string; name?: string | null };
  subject: string;
  text: string;
  contactId?: string | null;
  taskId?: string | null;
  campaignId?: string | null;
  leadId?: string | null;
  /** Answer the contact's latest mail: In-Reply-To and References follow its thread. */
  inThreadOf?: string | null;
  /** Campaign mail: List-Unsubscribe headers and a footer link. */
  unsubscribable?: boolean;
}

/** The user's mailbox that may send, or mailbox_required. */
export async function sendingMailbox(db: DbOrTx, userId: string): Promise<ConnectionRow> {
  const [row] = await db
    .select()
    .from(messengerConnections)
    .where(and(eq(messengerConnections.userId, userId), eq(messengerConnections.platform, 'email')));
  if (!row || !row.isConnected || row.isSample || !allows(row, 'send_messages')) {
    throw new AppError('mailbox_required');
  }
  return row;
}

/** The contact's latest mail: its subject, and the ids a reply to it carries. */
export async function latestMailOf(
  db: DbOrTx,
  userId: string,
  contactId: string,
): Promise<{ subject: string; messageId: string; references: string[] } | null> {
  const [latest] = await db
    .select({
      subject: emailMessages.subject,
      messageId: emailMessages.messageId,
      references: emailMessages.references,
    })
    .from(emailMessages)
    .where(and(eq(emailMessages.userId, userId), eq(emailMessages.contactId, contactId)))
    .orderBy(desc(emailMessages.occurredAt))
    .limit(1);
  return latest ?? null;
}

/** The latest email a task queued, for Retry. */
export async function latestSendOfTask(db: DbOrTx, userId: string, taskId: string): Promise<string | null> {
  const [latest] = await db
    .select({ id: emailSends.id })
    .from(emailSends)
    .where(and(eq(emailSends.userId, userId), eq(emailSends.taskId, taskId)))
    .orderBy(desc(emailSends.createdAt))
    .limit(1);
  return latest?.id ?? null;
}

/** "Re: " and the subject, once. */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  return /^re:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
}

/** Whether campaign mail may no longer go to this address: it opted out or bounced (campaigns' table). */
async function optedOut(db: DbOrTx, userId: string, address: string): Promise<boolean> {
  const [row] = await db
    .select({ address: emailOptOuts.address })
    .from(emailOptOuts)
    .where(and(eq(emailOptOuts.userId, userId), eq(emailOptOuts.address, address)));
  return Boolean(row);
}

/**
 * Queues a mail from the user's mailbox in the caller's transaction; the job sends it after the
 * commit. Throws mailbox_required when no mailbox may send.
 */
export async function queueEmail(
  ctx: AppContext,
  tx: DbOrTx,
  email: QueuedEmail,
): Promise<{ sendId: string; messageId: string }> {
  const mailbox = await sendingMailbox(tx, email.userId);
  const toAddress = email.to.address.trim().toLowerCase();
  if (email.unsubscribable && (await optedOut(tx, email.userId, toAddress))) {
    throw new AppError('recipient_opted_out');
  }
  const thread = email.inThreadOf ? await latestMailOf(tx, email.userId, email.inThreadOf) : null;
  const messageId = newMessageId(mailbox.username);
  const [row] = await tx
    .insert(emailSends)
    .values({
      userId: email.userId,
      connectionId: mailbox.id,
      contactId: email.contactId ?? null,
      taskId: email.taskId ?? null,
      campaignId: email.campaignId ?? null,
      leadId: email.leadId ?? null,
      toAddress,
      toName: email.to.name ?? null,
      // One header line: a subject typed or filled from a file may hold a line break.
      subject: cutText(email.subject.replace(/[\r\n]+/g, ' ').trim(), 300),
      textBody: email.text,
      messageId,
      inReplyTo: thread?.messageId ?? null,
      references: thread ? [...thread.references, thread.messageId].slice(-20) : [],
      unsubscribable: email.unsubscribable ?? false,
    })
    .returning({ id: emailSends.id });
  await ctx.jobs.enqueue(tx, SEND_MAIL_JOB, { userId: email.userId, sendId: row!.id });
  return { sendId: row!.id, messageId };
}

/** Retry after a failed or unknown delivery: the same mail, same Message-ID, queued again. */
export async function requeueEmail(
  ctx: AppContext,
  tx: DbOrTx,
  userId: string,
  sendId: string,
): Promise<void> {
  const [row] = await tx
    .update(emailSends)
    .set({ status: 'queued', error: null, serverResponse: null, attempts: 0, updatedAt: ctx.clock.now() })
    .where(and(eq(emailSends.id, sendId), eq(emailSends.userId, userId)))
    .returning({
      id: emailSends.id,
      toAddress: emailSends.toAddress,
      unsubscribable: emailSends.unsubscribable,
    });
  if (!row) throw new AppError('not_found');
  // The address opted out or bounced since: said now, and the caller's transaction changes nothing.
  if (row.unsubscribable && (await optedOut(tx, userId, row.toAddress))) {
    throw new AppError('recipient_opted_out');
  }
  await sendingMailbox(tx, userId);
  await ctx.jobs.enqueue(tx, SEND_MAIL_JOB, { userId, sendId });
}

/**
 * The unsubscribe links of a campaign mail to `address`, sent from the `mailbox` address; made
 * by campaigns (email-opt-outs.ts), which owns who opted out.
 */
export type UnsubscribeLinks = (
  userId: string,
  address: string,
  mailbox: string,
) => { mailto: string; url: string; page: string };

function outgoingMail(row: SendRow, mailbox: string, links: UnsubscribeLinks | null): OutgoingMail {
  const unsubscribe = row.unsubscribable && links ? links(row.userId, row.toAddress, mailbox) : undefined;
  return {
    to: { address: row.toAddress, ...(row.toName ? { name: row.toName } : {}) },
    subject: row.subject,
    text: unsubscribe ? `${row.textBody}\n\n--\n${unsubscribe.page}` : row.textBody,
    messageId: row.messageId,
    ...(row.inReplyTo ? { inReplyTo: row.inReplyTo } : {}),
    ...(row.references.length > 0 ? { references: row.references } : {}),
    ...(unsubscribe ? { listUnsubscribe: { mailto: unsubscribe.mailto, url: unsubscribe.url } } : {}),
  };
}

/** Servers that keep what their SMTP sends in Sent themselves: appending would copy it twice. */
const KEEPS_SENT_ITSELF = /(^|\.)(gmail|googlemail|office365|outlook)\.com$/i;

/** Settles a send: its row, the outbound thread entry, and the fact for tasks, history, campaigns. */
async function settle(
  ctx: AppContext,
  row: SendRow,
  outcome: {
    status: 'sent' | 'failed' | 'unknown';
    reason?: EmailDeliveryProblem | null;
    /** The server's reply line: its acceptance ("250 OK …") or its refusal. */
    response?: string | null;
  },
): Promise<void> {
  const now = ctx.clock.now();
  const actor = { userId: row.userId };
  await ctx.domainEvents.transaction(async (tx) => {
    await tx
      .update(emailSends)
      .set({
        status: outcome.status,
        error: outcome.reason ?? null,
        serverResponse: outcome.response ?? null,
        sentAt: outcome.status === 'sent' ? now : null,
        updatedAt: now,
      })
      .where(eq(emailSends.id, row.id));
    if (outcome.status === 'sent') {
      await tx
        .insert(emailMessages)
        .values({
          userId: row.userId,
          connectionId: row.connectionId,
          messageId: row.messageId,
          direction: 'outbound',
          contactId: row.contactId,
          subject: row.subject,
          inReplyTo: row.inReplyTo,
          references: row.references,
          occurredAt: now,
        })
        .onConflictDoNothing();
      // A campaign's lead is contacted once the server took the mail, not before.
      await ctx.domainEvents.publish(tx, actor, {
        type: 'message.sent',
        taskId: row.taskId,
        contactId: row.contactId,
        campaignId: row.campaignId,
        leadId: row.leadId,
        at: now.toISOString(),
        messageId: row.messageId,
      });
    }
    await ctx.domainEvents.publish(tx, actor, {
      type: 'email.settled',
      sendId: row.id,
      taskId: row.taskId,
      contactId: row.contactId,
      messageId: row.messageId,
      status: outcome.status,
      reason: outcome.reason ?? null,
      serverReply: outcome.status === 'sent' ? null : (outcome.response ?? null),
      at: now.toISOString(),
    });
  });
  ctx.metrics.recordOutboundSend('email', outcome.status === 'sent' ? 'sent' : 'failed');
}

/** The server's reply line of a failed send, as short as the task keeps it. */
function serverReplyOf(error: unknown): string | null {
  return error instanceof MailboxError && error.serverResponse ? cutText(error.serverResponse, 1000) : null;
}

export interface SendMailPayload {
  userId: string;
  sendId: string;
}

export function sendMailJob(
  ctx: AppContext,
  links: UnsubscribeLinks | null = null,
): JobHandler<SendMailPayload> {
  const load = async ({ userId, sendId }: SendMailPayload) => {
    const [row] = await ctx.db
      .select()
      .from(emailSends)
      .where(and(eq(emailSends.id, sendId), eq(emailSends.userId, userId)));
    return row;
  };
  return {
    kind: SEND_MAIL_JOB,
    maxAttempts: SEND_ATTEMPTS,
    // Several mails go out at once; one slow server does not hold the rest back.
    concurrency: 4,
    async run(payload) {
      const row = await load(payload);
      if (!row || row.status === 'sent' || row.status === 'failed' || row.status === 'unknown') return;
      const [connection] = await ctx.db
        .select()
        .from(messengerConnections)
        .where(eq(messengerConnections.id, row.connectionId));
      if (!connection?.isConnected || !allows(connection, 'send_messages')) {
        await settle(ctx, row, { status: 'failed', reason: 'disconnected' });
        return;
      }
      if (row.unsubscribable && (await optedOut(ctx.db, row.userId, row.toAddress))) {
        // Opted out or bounced since it was queued (a retry after a pause, or Retry later on).
        await settle(ctx, row, { status: 'failed', reason: 'opted_out' });
        return;
      }
      const settings: MailboxSettings = mailboxSettingsOf(credentialsOf(ctx, connection));
      if (row.status === 'sending') {
        // The process sending it died: the server may have taken it. Sent shows what went out.
        const found = await mailReader()
          .sentFolderHas(settings, row.messageId)
          .catch(() => false);
        await settle(ctx, row, found ? { status: 'sent' } : { status: 'unknown', reason: 'interrupted' });
        return;
      }
      const [claimed] = await ctx.db
        .update(emailSends)
        .set({ status: 'sending', attempts: row.attempts + 1, updatedAt: ctx.clock.now() })
        .where(and(eq(emailSends.id, row.id), eq(emailSends.status, 'queued')))
        .returning();
      if (!claimed) return;
      let response: string;
      let raw: Buffer;
      try {
        ({ response, raw } = await mailSender().send(
          settings,
          outgoingMail(claimed, settings.address, links),
        ));
      } catch (error) {
        if (error instanceof MailboxError && !error.transient) {
          await settle(ctx, claimed, {
            status: 'failed',
            reason: error.reason,
            response: serverReplyOf(error),
          });
          return;
        }
        // Not sent: queued again, and the job's retry tries once more after a pause.
        await ctx.db
          .update(emailSends)
          .set({
            status: 'queued',
            error: error instanceof MailboxError ? error.reason : null,
            serverResponse: serverReplyOf(error),
            updatedAt: ctx.clock.now(),
          })
          .where(eq(emailSends.id, claimed.id));
        throw error;
      }
      if (!KEEPS_SENT_ITSELF.test(settings.smtp.host)) {
        await mailReader()
          .appendToSent(settings, raw)
          .catch((error: unknown) =>
            ctx.log.warn({ err: error, sendId: claimed.id }, 'the sent copy could not be kept in Sent'),
          );
      }
      await settle(ctx, claimed, { status: 'sent', response });
    },
    async onFailed(payload, error) {
      const row = await load(payload);
      if (!row || row.status === 'sent' || row.status === 'failed' || row.status === 'unknown') return;
      if (row.status === 'sending') {
        // Its process kept dying mid-send: whether it went out is not known.
        await settle(ctx, row, { status: 'unknown', reason: 'interrupted' });
        return;
      }
      await settle(ctx, row, {
        status: 'failed',
        reason:
          error instanceof MailboxError
            ? error.reason
            : (knownCode(emailDeliveryProblems, row.error) ?? 'protocol'),
        response: serverReplyOf(error) ?? row.serverResponse,
      });
    },
  };
}
