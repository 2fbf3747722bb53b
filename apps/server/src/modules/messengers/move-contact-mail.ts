import { and, emailMessages, emailSends, eq, type DbOrTx } from '@doppel/db';
import type { Actor } from '../../lib/actor';

/** A merge of two contacts (modules/contact-merge): the duplicate's mail threads are now the other's. */
export async function moveContactMail(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  fromContactId: string,
  intoContactId: string,
): Promise<void> {
  const { userId } = actor;
  await tx
    .update(emailMessages)
    .set({ contactId: intoContactId })
    .where(and(eq(emailMessages.userId, userId), eq(emailMessages.contactId, fromContactId)));
  await tx
    .update(emailSends)
    .set({ contactId: intoContactId })
    .where(and(eq(emailSends.userId, userId), eq(emailSends.contactId, fromContactId)));
}
