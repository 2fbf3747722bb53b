import type { SequenceStep, StepSkipReason } from '@doppel/contracts';
import { and, campaignLeadSteps, campaignLeads, eq, isNull, type DbOrTx } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import type { CampaignRow } from './campaign-queries';

/*
 * How a lead enters its campaign's sequence and how each step's outcome is recorded (the rest of
 * the sequence is sequence.ts; docs/decisions/041). Engagement calls enterSequence once the
 * lead's first message exists.
 */

export const SEQUENCE_JOB = 'campaigns.sequence';

export type StepOutcome = (typeof campaignLeadSteps.$inferSelect)['outcome'];

/** Queues the campaign's sequence job for `at`, or moves the queued one earlier. */
export async function scheduleSequence(
  ctx: AppContext,
  tx: DbOrTx,
  userId: string,
  campaignId: string,
  at: Date,
): Promise<void> {
  if (await ctx.jobs.moveEarlier(tx, SEQUENCE_JOB, { campaignId }, at)) return;
  await ctx.jobs.enqueue(tx, SEQUENCE_JOB, { userId, campaignId }, { runAt: at });
}

/** The steps of the campaign as stored, old rows (before channels and AI drafts) included. */
export function stepsOf(campaign: Pick<CampaignRow, 'stageConfigs'>): SequenceStep[] {
  return campaign.stageConfigs.engagement.follow_up_sequence;
}

export const sendsOnItsOwn = (campaign: Pick<CampaignRow, 'stageConfigs'>) =>
  campaign.stageConfigs.engagement.account_type === 'ai_assistant';

/**
 * The lead has its first message (engagement made the task and its drafts): it enters the
 * sequence at step 0 — a task waiting for the user's approval, or, when the twin sends, due now.
 * Entering twice changes nothing.
 */
export async function enterSequence(
  ctx: AppContext,
  campaign: CampaignRow,
  leadId: string,
  taskId: string,
): Promise<void> {
  const { userId } = campaign;
  const now = ctx.clock.now();
  const automatic = sendsOnItsOwn(campaign);
  await ctx.db.transaction(async (tx) => {
    const [entered] = await tx
      .update(campaignLeads)
      .set({
        sequenceStep: 0,
        sequenceState: automatic ? 'waiting' : 'awaiting_approval',
        nextStepAt: automatic ? now : null,
        updatedAt: now,
      })
      .where(
        and(
          eq(campaignLeads.id, leadId),
          eq(campaignLeads.userId, userId),
          isNull(campaignLeads.sequenceState),
        ),
      )
      .returning({ id: campaignLeads.id });
    if (!entered) return;
    if (automatic) await scheduleSequence(ctx, tx, userId, campaign.id, now);
    else
      await recordStep(tx, { userId, campaignId: campaign.id, leadId, step: 0 }, 'awaiting_approval', {
        taskId,
      });
  });
}

export interface StepKey {
  userId: string;
  campaignId: string;
  leadId: string;
  step: number;
}

/** The step's outcome (one row per lead and step; a later outcome replaces the earlier). */
export async function recordStep(
  tx: DbOrTx,
  key: StepKey,
  outcome: StepOutcome,
  extra: { taskId?: string | null; skipReason?: StepSkipReason; automatic?: boolean; at?: Date } = {},
): Promise<void> {
  const values = {
    outcome,
    skipReason: extra.skipReason ?? null,
    ...(extra.taskId !== undefined && { taskId: extra.taskId }),
    ...(extra.automatic !== undefined && { automatic: extra.automatic }),
    ...(extra.at && { updatedAt: extra.at }),
  };
  await tx
    .insert(campaignLeadSteps)
    .values({ ...key, ...values, ...(extra.at && { createdAt: extra.at }) })
    .onConflictDoUpdate({ target: [campaignLeadSteps.leadId, campaignLeadSteps.step], set: values });
}
