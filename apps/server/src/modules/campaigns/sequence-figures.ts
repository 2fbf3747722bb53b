import type { SequenceFigures, SequenceStepFigures, SequenceStopReason } from '@doppel/contracts';
import { and, campaignLeadSteps, campaignLeads, count, eq, type DbOrTx } from '@doppel/db';
import { startOfUtcDay } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { findOwnCampaign } from './campaign-queries';
import { heldLeadCount } from './engage-leads';
import { automaticSendsSince, dailySendLimitOf } from './sequence';

/** What each step of the campaign's sequence became, for the Overview (issue 22). */
export async function sequenceFigures(
  ctx: AppContext,
  userId: string,
  campaignId: string,
): Promise<SequenceFigures> {
  const campaign = await findOwnCampaign(ctx.db, userId, campaignId);
  const stepCount = campaign.stageConfigs.engagement.follow_up_sequence.length;
  const db: DbOrTx = ctx.db;
  const ofCampaign = eq(campaignLeadSteps.campaignId, campaignId);
  const [outcomes, leadStates, held, sentToday] = await Promise.all([
    db
      .select({
        step: campaignLeadSteps.step,
        outcome: campaignLeadSteps.outcome,
        reason: campaignLeadSteps.skipReason,
        n: count(),
      })
      .from(campaignLeadSteps)
      .where(ofCampaign)
      .groupBy(campaignLeadSteps.step, campaignLeadSteps.outcome, campaignLeadSteps.skipReason),
    db
      .select({
        step: campaignLeads.sequenceStep,
        state: campaignLeads.sequenceState,
        reason: campaignLeads.sequenceStopReason,
        n: count(),
      })
      .from(campaignLeads)
      .where(and(eq(campaignLeads.campaignId, campaignId), eq(campaignLeads.userId, userId)))
      .groupBy(campaignLeads.sequenceStep, campaignLeads.sequenceState, campaignLeads.sequenceStopReason),
    heldLeadCount(db, campaignId, campaign.stageConfigs.enrichment.data_quality_threshold),
    automaticSendsSince(db, campaignId, startOfUtcDay(ctx.clock.now())),
  ]);

  const steps: SequenceStepFigures[] = Array.from({ length: stepCount + 1 }, (_, step) => ({
    step,
    waiting: 0,
    awaitingApproval: 0,
    sending: 0,
    sent: 0,
    skipped: 0,
    skippedBy: {},
    replied: 0,
  }));
  for (const row of outcomes) {
    const figures = steps[row.step];
    if (!figures) continue;
    const n = Number(row.n);
    if (row.outcome === 'awaiting_approval') figures.awaitingApproval += n;
    else if (row.outcome === 'sending') figures.sending = (figures.sending ?? 0) + n;
    else if (row.outcome === 'sent') figures.sent += n;
    else {
      figures.skipped += n;
      const reason = row.reason ?? 'send_failed';
      figures.skippedBy[reason] = (figures.skippedBy[reason] ?? 0) + n;
    }
  }
  const stopped: Partial<Record<SequenceStopReason, number>> = {};
  for (const row of leadStates) {
    const n = Number(row.n);
    if (row.state === 'waiting' && row.step !== null && steps[row.step]) steps[row.step]!.waiting += n;
    if (row.state === 'stopped' && row.reason) {
      stopped[row.reason] = (stopped[row.reason] ?? 0) + n;
      // A reply after step k's message: the lead was then at step k + 1 (or still at 0).
      if (row.reason === 'replied' && row.step !== null) {
        const after = steps[Math.max(0, row.step - 1)];
        if (after) after.replied += n;
      }
    }
  }
  return {
    steps,
    stopped,
    held,
    sentToday,
    dailySendLimit: dailySendLimitOf(campaign),
  };
}
