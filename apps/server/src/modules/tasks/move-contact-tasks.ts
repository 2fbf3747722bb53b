import { and, eq, tasks, type DbOrTx } from '@doppel/db';
import type { Actor } from '../../lib/actor';

/** A merge of two contacts (modules/contact-merge): the duplicate's tasks are now the other's. */
export async function moveContactTasks(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  fromContactId: string,
  intoContactId: string,
): Promise<void> {
  await tx
    .update(tasks)
    .set({ contactId: intoContactId })
    .where(and(eq(tasks.userId, actor.userId), eq(tasks.contactId, fromContactId)));
}
