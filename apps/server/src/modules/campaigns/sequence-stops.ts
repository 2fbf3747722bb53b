import type { SequenceStopReason } from '@doppel/contracts';
import { and, campaignLeadSteps, campaignLeads, eq, inArray, or, sql, tasks, type DbOrTx } from '@doppel/db';

/*
 * Why a lead leaves its sequence before the last step (issue 22): it replied on any channel, its
 * address unsubscribed or bounced, or the campaign ended. A stopped lead gets no further step;
 * a follow-up task already waiting for the user's approval stays, for the user to send or not.
 */

const IN_SEQUENCE = ['waiting', 'awaiting_approval'] as const;

/** Stops the sequences of the leads the condition picks, with the reason. */
async function stop(
  tx: DbOrTx,
  userId: string,
  which: ReturnType<typeof and>,
  reason: SequenceStopReason,
  now: Date,
) {
  await tx
    .update(campaignLeads)
    .set({ sequenceState: 'stopped', sequenceStopReason: reason, nextStepAt: null, updatedAt: now })
    .where(
      and(eq(campaignLeads.userId, userId), inArray(campaignLeads.sequenceState, [...IN_SEQUENCE]), which),
    );
}

/**
 * The contact wrote to the user: every lead reached through this contact — the lead's own contact,
 * or the contact a follow-up on another channel went to — leaves its sequence.
 */
export async function stopSequencesOfContact(
  tx: DbOrTx,
  userId: string,
  contactId: string,
  now: Date,
): Promise<void> {
  const reachedByStep = tx
    .select({ leadId: campaignLeadSteps.leadId })
    .from(campaignLeadSteps)
    .innerJoin(tasks, eq(tasks.id, campaignLeadSteps.taskId))
    .where(and(eq(campaignLeadSteps.userId, userId), eq(tasks.contactId, contactId)));
  await stop(
    tx,
    userId,
    or(eq(campaignLeads.contactId, contactId), inArray(campaignLeads.id, reachedByStep)),
    'replied',
    now,
  );
}

/** The address opted out (unsubscribed) or bounced for good: its leads leave their sequences. */
export async function stopSequencesOfAddress(
  tx: DbOrTx,
  userId: string,
  address: string,
  reason: 'unsubscribed' | 'bounced',
  now: Date,
): Promise<void> {
  await stop(
    tx,
    userId,
    and(sql`lower(trim(${campaignLeads.email})) = ${address.trim().toLowerCase()}`),
    reason,
    now,
  );
}

/** The campaign was completed or cancelled: its leads' sequences end. */
export async function stopSequencesOfCampaign(
  tx: DbOrTx,
  userId: string,
  campaignId: string,
  now: Date,
): Promise<void> {
  await stop(tx, userId, and(eq(campaignLeads.campaignId, campaignId)), 'campaign_ended', now);
}
