import { and, communicationHistory, contactChannels, contacts, eq, sql, type DbOrTx } from '@doppel/db';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { CONTACT_NOT_FOUND } from './contact-commands';

/*
 * The contacts module's part of merging two contacts that are one person (modules/contact-merge
 * runs every owner's part in one transaction): the duplicate's conversation and channels move
 * to the contact that remains, its blanks are filled from the duplicate, and the duplicate goes.
 */

/** Both contacts, the user's own and distinct; what the merge starts from. */
export async function contactsToMerge(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  fromId: string,
  intoId: string,
): Promise<void> {
  if (fromId === intoId) {
    throw new AppError('validation_failed', 'A contact cannot be merged into itself.', {
      reason: 'contact_merge_into_itself',
      fields: { intoContactId: 'mergeIntoItself' },
    });
  }
  const found = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.userId, actor.userId), sql`${contacts.id} in (${fromId}::uuid, ${intoId}::uuid)`))
    // Lock both rows: a message arriving for the duplicate waits for the merge to finish.
    .for('update');
  if (found.length !== 2) throw new AppError('not_found', CONTACT_NOT_FOUND, { reason: 'contact_not_found' });
}

/** Moves the duplicate's history and channels onto `intoId`, fills blanks, deletes the duplicate. */
export async function absorbContact(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  fromId: string,
  intoId: string,
  now: Date,
): Promise<void> {
  const { userId } = actor;
  const [from] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, fromId), eq(contacts.userId, userId)));
  if (!from) throw new AppError('not_found', CONTACT_NOT_FOUND, { reason: 'contact_not_found' });

  await tx
    .update(communicationHistory)
    .set({ contactId: intoId })
    .where(and(eq(communicationHistory.userId, userId), eq(communicationHistory.contactId, fromId)));
  await tx
    .update(contactChannels)
    .set({ contactId: intoId })
    .where(and(eq(contactChannels.userId, userId), eq(contactChannels.contactId, fromId)));
  // The duplicate's own channel, so its next message finds the merged contact; unless the
  // merged contact is on that very channel already.
  const [into] = await tx
    .select({ source: contacts.source, handle: contacts.handle })
    .from(contacts)
    .where(and(eq(contacts.id, intoId), eq(contacts.userId, userId)));
  if (from.handle && !(into?.source === from.source && into.handle === from.handle)) {
    await tx
      .insert(contactChannels)
      .values({ userId, contactId: intoId, source: from.source, handle: from.handle, createdAt: now })
      .onConflictDoNothing();
  }
  // What the remaining contact lacks, it takes from the duplicate; the user's notes are kept, both.
  await tx
    .update(contacts)
    .set({
      company: sql`coalesce(${contacts.company}, ${from.company})`,
      personaId: sql`coalesce(${contacts.personaId}, ${from.personaId}::uuid)`,
      notes: sql`case when ${from.notes} = '' then ${contacts.notes} when ${contacts.notes} = '' then ${from.notes} else ${contacts.notes} || E'\\n\\n' || ${from.notes} end`,
      updatedAt: now,
    })
    .where(and(eq(contacts.id, intoId), eq(contacts.userId, userId)));
  await tx.delete(contacts).where(and(eq(contacts.id, fromId), eq(contacts.userId, userId)));
}
