import { mergeContactInputSchema, type ContactDetail, type MergeContactInput } from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { moveContactLeads } from '../campaigns';
import { absorbContact, contactsToMerge, getContactDetail } from '../contacts';
import { moveContactMail } from '../messengers';
import { moveContactTasks } from '../tasks';

/**
 * Two contacts that are one person (a Telegram chat and an email address) become one: in one
 * transaction every owner moves what it holds of the duplicate (`fromId`) to the contact that
 * remains — tasks, campaign leads and touches, mail, then the conversation and channels — and the
 * duplicate is deleted. Each table is written by its own module (one owner per table).
 */
export async function mergeContacts(
  ctx: AppContext,
  userId: string,
  fromId: string,
  input: MergeContactInput,
): Promise<ContactDetail> {
  const { intoContactId } = mergeContactInputSchema.parse(input);
  const actor = { userId };
  return ctx.db.transaction(async (tx) => {
    await contactsToMerge(tx, actor, fromId, intoContactId);
    await moveContactTasks(tx, actor, fromId, intoContactId);
    await moveContactLeads(tx, actor, fromId, intoContactId);
    await moveContactMail(tx, actor, fromId, intoContactId);
    await absorbContact(tx, actor, fromId, intoContactId, ctx.clock.now());
    return getContactDetail(tx, userId, intoContactId);
  });
}
