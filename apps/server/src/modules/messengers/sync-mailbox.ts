import { EMAIL_FIRST_SYNC_DAYS } from '@doppel/contracts';
import { and, emailMessages, eq, inArray, mailboxSync, messengerConnections, type DbOrTx } from '@doppel/db';
import { MailboxError, type InboundMail, type MailboxCursor } from '../../integrations/email/mailbox';
import type { AppContext } from '../../lib/context';
import type { EventTx } from '../../lib/domain-events';
import type { JobHandler } from '../../lib/job-queue';
import { cutText } from '../../lib/text';
import { findOrCreateContact, recordMessage } from '../contacts';
import { detectLanguage } from '../language';
import { mailReader, mailboxSettingsOf } from './mailbox';
import { recordMailboxProgress, startMailboxRead, SYNC_MAILBOX_JOB } from './mailbox-sync-state';
import { allows, credentialsOf } from './messenger-connections';

/*
 * Reading the user's mailbox (issue 18, docs/decisions/031): new mail in INBOX, oldest first, in
 * batches, each batch taken in with the cursor in one transaction — a read cut short by a crash
 * goes on from the last batch, and a mail read twice is taken in once (its Message-ID).
 */

type ConnectionRow = typeof messengerConnections.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Subject of the mail campaign mail's List-Unsubscribe mailto asks for: "unsubscribe <token>". */
const UNSUBSCRIBE_SUBJECT = /^\s*unsubscribe\s+(\S{16,1000})\s*$/i;

export interface SyncMailboxPayload {
  userId: string;
  connectionId: string;
}

/**
 * The contact a mail comes from: the one its thread belongs to (it answers a mail we have with a
 * contact), else the one with its sender's address, else a new one.
 */
async function contactOfMail(
  ctx: AppContext,
  tx: DbOrTx,
  connection: ConnectionRow,
  mail: InboundMail,
): Promise<{ id: string }> {
  const thread = [mail.inReplyTo, ...mail.references].filter((id): id is string => Boolean(id));
  if (thread.length > 0) {
    const [known] = await tx
      .select({ contactId: emailMessages.contactId })
      .from(emailMessages)
      .where(
        and(
          eq(emailMessages.connectionId, connection.id),
          inArray(emailMessages.messageId, thread.slice(-20)),
        ),
      )
      .limit(1);
    if (known?.contactId) return { id: known.contactId };
  }
  const language = detectLanguage(mail.text);
  return findOrCreateContact(
    tx,
    { userId: connection.userId },
    {
      match: { source: 'email', handle: mail.from.address },
      create: {
        name: cutText(mail.from.name, 200) || mail.from.address,
        language: language ?? 'en',
        source: 'email',
        handle: mail.from.address,
      },
      update: { language: language ?? undefined },
      // A contact's first message: the twin's persona speaks to it from now on.
      wrote: true,
      now: ctx.clock.now(),
    },
  );
}

/**
 * Takes one mail in, at most once: a person's mail joins their contact's history and is a reply
 * (a task answers it, a campaign's lead responded); a bounce and an unsubscribe request are
 * stated for campaigns; the user's own mail and machines' mail (out-of-office, lists) only count
 * as read. Answers whether it was new.
 */
async function takeInMail(
  ctx: AppContext,
  tx: EventTx,
  connection: ConnectionRow,
  ownAddress: string,
  mail: InboundMail,
): Promise<boolean> {
  const own = mail.from.address === ownAddress;
  const [inserted] = await tx
    .insert(emailMessages)
    .values({
      userId: connection.userId,
      connectionId: connection.id,
      messageId: mail.messageId,
      direction: own ? 'outbound' : 'inbound',
      subject: cutText(mail.subject, 500),
      inReplyTo: mail.inReplyTo,
      references: mail.references.slice(-20),
      occurredAt: mail.sentAt,
    })
    .onConflictDoNothing()
    .returning({ id: emailMessages.id });
  if (!inserted) return false;
  const actor = { userId: connection.userId };
  const at = mail.sentAt.toISOString();
  if (mail.bounce) {
    if (mail.bounce.recipients.length > 0) {
      await ctx.domainEvents.publish(tx, actor, {
        type: 'email.bounced',
        addresses: mail.bounce.recipients,
        permanent: mail.bounce.permanent,
        at,
      });
    }
    return true;
  }
  const unsubscribe = UNSUBSCRIBE_SUBJECT.exec(mail.subject);
  if (unsubscribe) {
    await ctx.domainEvents.publish(tx, actor, {
      type: 'email.unsubscribe-requested',
      token: unsubscribe[1]!,
      from: mail.from.address,
      at,
    });
    return true;
  }
  if (own || mail.automatic || !mail.text.trim()) return true;
  const contact = await contactOfMail(ctx, tx, connection, mail);
  await tx.update(emailMessages).set({ contactId: contact.id }).where(eq(emailMessages.id, inserted.id));
  await recordMessage(tx, actor, {
    contactId: contact.id,
    direction: 'inbound',
    channel: 'email',
    text: mail.text,
    externalId: mail.messageId,
    deliveryStatus: 'received',
    occurredAt: mail.sentAt,
  });
  await ctx.domainEvents.publish(tx, actor, {
    type: 'contact.replied',
    contactId: contact.id,
    senderName: mail.from.name || mail.from.address,
    text: mail.text,
    subject: mail.subject,
    at,
  });
  return true;
}

/**
 * Reads what is new in the mailbox. Trouble with the mailbox (a changed password, a server
 * down) is recorded on the card and ends the read; the next poll tries again.
 */
export async function syncMailbox(ctx: AppContext, payload: SyncMailboxPayload): Promise<number> {
  const [connection] = await ctx.db
    .select()
    .from(messengerConnections)
    .where(
      and(eq(messengerConnections.id, payload.connectionId), eq(messengerConnections.userId, payload.userId)),
    );
  if (!connection || connection.platform !== 'email' || !connection.isConnected || connection.isSample)
    return 0;
  const [state] = await ctx.db.select().from(mailboxSync).where(eq(mailboxSync.connectionId, connection.id));
  if (!allows(connection, 'read_messages')) {
    if (state) await recordMailboxProgress(ctx, ctx.db, connection.id, { state: 'idle' });
    return 0;
  }
  const settings = mailboxSettingsOf(credentialsOf(ctx, connection));
  const cursor: MailboxCursor | null = state?.uidValidity
    ? { uidValidity: state.uidValidity, lastUid: state.lastUid }
    : null;
  const since = new Date(ctx.clock.now().getTime() - EMAIL_FIRST_SYNC_DAYS * DAY_MS);
  await recordMailboxProgress(ctx, ctx.db, connection.id, {
    state: 'syncing',
    done: 0,
    total: 0,
    error: null,
  });
  let received = 0;
  try {
    for await (const batch of mailReader().read(settings, cursor, { since })) {
      await ctx.domainEvents.transaction(async (tx) => {
        for (const mail of batch.mails) {
          if (await takeInMail(ctx, tx, connection, settings.address, mail)) received++;
        }
        await recordMailboxProgress(ctx, tx, connection.id, {
          uidValidity: batch.cursor.uidValidity,
          lastUid: batch.cursor.lastUid,
          done: batch.done,
          total: batch.total,
        });
      });
    }
  } catch (error) {
    if (!(error instanceof MailboxError)) {
      await recordMailboxProgress(ctx, ctx.db, connection.id, { state: 'idle' });
      throw error;
    }
    await recordMailboxProgress(ctx, ctx.db, connection.id, { state: 'failed', error: error.reason });
    return received;
  }
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await recordMailboxProgress(ctx, tx, connection.id, { state: 'idle' });
    await tx
      .update(messengerConnections)
      .set({ lastSyncAt: now, updatedAt: now })
      .where(eq(messengerConnections.id, connection.id));
  });
  return received;
}

export function syncMailboxJob(ctx: AppContext): JobHandler<SyncMailboxPayload> {
  return {
    kind: SYNC_MAILBOX_JOB,
    maxAttempts: 3,
    run: async (payload) => {
      await syncMailbox(ctx, payload);
    },
  };
}

/** The periodic read of every connected mailbox (a server without IDLE, or mail missed meanwhile). */
export async function pollMailboxes(ctx: AppContext): Promise<void> {
  const rows = await ctx.db
    .select()
    .from(messengerConnections)
    .where(and(eq(messengerConnections.platform, 'email'), eq(messengerConnections.isConnected, true)));
  for (const row of rows) {
    if (row.isSample || !allows(row, 'read_messages')) continue;
    await ctx.db.transaction((tx) => startMailboxRead(ctx, tx, row));
  }
}
