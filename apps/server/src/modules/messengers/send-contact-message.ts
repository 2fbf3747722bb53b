import {
  messengerPlatformSchema,
  sendContactMessageInputSchema,
  type SendContactMessageInput,
} from '@doppel/contracts';
import { MessengerError } from '../../integrations/messengers/messenger-adapter';
import { platformName } from '../../integrations/messengers/platform-http';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { getContact, type HistoryEntry, recordMessage, toHistoryEntry } from '../contacts';
import { allows, connectionFor, sendThroughMessenger } from './messenger-connections';
import { emailSubjectFrom } from './email-subject';
import { latestMailOf, queueEmail, replySubject } from './send-mail';

// The public API's body (contracts public-api.ts); re-exported for the module's callers.
export { sendContactMessageInputSchema, type SendContactMessageInput } from '@doppel/contracts';

/**
 * Sends a message to a contact through the user's connected messenger of the contact's platform
 * (the public API's send; the composer sends through a task instead). Nothing is recorded when
 * it cannot go out at all — the contact is not on a messenger, has no handle there, no
 * messenger of that platform is connected or its sending is off: 409 saying which. A refusal by
 * the platform is recorded in the history as failed and answered as messenger_failed; a
 * delivered message becomes an outbound `sent` entry of the contact's history, and one the
 * platform may or may not have delivered (a 5xx, a timeout) an `unknown` one, not sent again.
 */
export async function sendContactMessage(
  ctx: AppContext,
  userId: string,
  contactId: string,
  input: SendContactMessageInput,
): Promise<HistoryEntry> {
  const { text } = sendContactMessageInputSchema.parse(input);
  const contact = await getContact(ctx.db, userId, contactId);
  const platform = messengerPlatformSchema.safeParse(contact.source);
  if (!platform.success) {
    throw new AppError(
      'conflict',
      `This contact is on ${contact.source}, which is not a channel Doppel sends through (Telegram, WhatsApp, Slack, Discord or Email).`,
    );
  }
  const name = platformName(platform.data);
  if (!contact.handle) {
    throw new AppError(
      'conflict',
      `This contact has no ${name} handle to send to. Set the contact's handle first.`,
    );
  }
  const connection = await connectionFor(ctx, userId, platform.data);
  if (!connection) {
    throw new AppError(
      'conflict',
      `No ${name} messenger is connected. Connect one in Doppel's messenger settings.`,
    );
  }
  if (!allows(connection, 'send_messages')) {
    throw new AppError(
      'conflict',
      `Sending is turned off for the connected ${name} messenger. Allow send_messages in its permissions.`,
    );
  }
  const record = async (values: {
    deliveryStatus: 'sent' | 'failed' | 'unknown';
    externalId?: string;
    deliveryError?: string;
  }) => {
    const now = ctx.clock.now();
    const row = await recordMessage(
      ctx.db,
      { userId },
      {
        contactId: contact.id,
        direction: 'outbound',
        channel: platform.data,
        text,
        occurredAt: now,
        recordedAt: now,
        ...values,
      },
    );
    return toHistoryEntry(row);
  };
  if (platform.data === 'email') {
    // An email is queued from the user's mailbox and sent by a job (send-mail.ts): the entry
    // says queued, and becomes sent or failed once the mail server answered.
    const latest = await latestMailOf(ctx.db, userId, contact.id);
    return ctx.db.transaction(async (tx) => {
      const queued = await queueEmail(ctx, tx, {
        userId,
        to: { address: contact.handle!, name: contact.name },
        subject: latest?.subject ? replySubject(latest.subject) : emailSubjectFrom(text, contact.name),
        text,
        contactId: contact.id,
        inThreadOf: contact.id,
      });
      const now = ctx.clock.now();
      const row = await recordMessage(
        tx,
        { userId },
        {
          contactId: contact.id,
          direction: 'outbound',
          channel: 'email',
          text,
          occurredAt: now,
          recordedAt: now,
          deliveryStatus: 'queued',
          externalId: queued.messageId,
        },
      );
      return toHistoryEntry(row);
    });
  }
  let delivered: { externalId: string };
  try {
    delivered = await sendThroughMessenger(ctx, connection, contact.handle, text);
  } catch (error) {
    if (!(error instanceof MessengerError)) throw error;
    // It may have gone out: not tried again (the contact could get it twice); the entry says
    // unknown, for the client to check before sending again.
    if (error.uncertain) return record({ deliveryStatus: 'unknown', deliveryError: error.message });
    await record({ deliveryStatus: 'failed', deliveryError: error.message });
    throw new AppError('messenger_failed', error.message);
  }
  return record({ deliveryStatus: 'sent', externalId: delivered.externalId });
}
