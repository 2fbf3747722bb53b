import { and, campaignLeads, campaignTouches, eq, sql, type DbOrTx } from '@doppel/db';
import type { Actor } from '../../lib/actor';

/**
 * A merge of two contacts (modules/contact-merge): the duplicate's leads and the touches that
 * count its messages now belong to the other. A touch the other already has (the same message at
 * the same instant) stays once; the duplicate's copy goes with the duplicate.
 */
export async function moveContactLeads(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  fromContactId: string,
  intoContactId: string,
): Promise<void> {
  const { userId } = actor;
  await tx
    .update(campaignLeads)
    .set({ contactId: intoContactId })
    .where(and(eq(campaignLeads.userId, userId), eq(campaignLeads.contactId, fromContactId)));
  await tx
    .update(campaignTouches)
    .set({ contactId: intoContactId })
    .where(
      and(
        eq(campaignTouches.userId, userId),
        eq(campaignTouches.contactId, fromContactId),
        sql`not exists (select 1 from ${campaignTouches} kept where kept.user_id = ${userId} and kept.contact_id = ${intoContactId}::uuid and kept.message = ${campaignTouches.message} and kept.at = ${campaignTouches.at})`,
      ),
    );
}
