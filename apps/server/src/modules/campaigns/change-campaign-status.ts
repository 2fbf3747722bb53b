import {
  CAMPAIGN_TRANSITIONS,
  canTransition,
  changeCampaignStatusInputSchema,
  type Campaign,
  type CampaignAction,
} from '@doppel/contracts';
import { and, campaigns, eq } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { CAMPAIGN_NOT_FOUND, findOwnCampaign, getCampaign } from './campaign-queries';
import { enqueueCampaignRun } from './run-campaign';
import { restartedRun } from './run-state';
import { resumeSequence } from './sequence';
import { stopSequencesOfCampaign } from './sequence-stops';

/**
 * Start, Pause, Complete or Cancel (docs/decisions/019). Start queues the campaign's run in the
 * same transaction, so an active campaign always has its job; Pause only flips the status — the
 * run stops at its next slice when it reads it.
 */
export async function changeCampaignStatus(
  ctx: AppContext,
  userId: string,
  id: string,
  input: { action: CampaignAction },
): Promise<Campaign> {
  const { action } = changeCampaignStatusInputSchema.parse(input);
  const transition = CAMPAIGN_TRANSITIONS[action];
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    // Locked, so two clicks on Start cannot both pass the check and queue two runs.
    const row = await findOwnCampaign(tx, userId, id, { forUpdate: true });
    if (!canTransition(row.status, action)) {
      throw new AppError(
        'conflict',
        `A ${row.status} campaign cannot be moved to ${transition.to} (${action}).`,
        { reason: 'campaign_transition_not_allowed' },
      );
    }
    await tx
      .update(campaigns)
      .set({
        status: transition.to,
        ...(action === 'start' && !row.startedAt && { startedAt: now }),
        ...((action === 'complete' || action === 'cancel') && { endedAt: now }),
        updatedAt: now,
      })
      .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId)));
    if (action === 'start') {
      await enqueueCampaignRun(ctx, tx, userId, id);
      // Steps that came due while the campaign was paused run now.
      await resumeSequence(ctx, tx, userId, id);
    }
    if (action === 'complete' || action === 'cancel') await stopSequencesOfCampaign(tx, userId, id, now);
  });
  return getCampaign(ctx, userId, id);
}

/**
 * Retry: an active campaign whose run failed (no leads found, every enrichment key refused)
 * runs again once the user has fixed what the run said, without a Pause and a Start. The notes
 * of unfinished stages are dropped, so fixed sources are read again.
 */
export async function retryCampaignRun(ctx: AppContext, userId: string, id: string): Promise<Campaign> {
  await ctx.db.transaction(async (tx) => {
    const row = await findOwnCampaign(tx, userId, id, { forUpdate: true });
    if (row.status !== 'active') {
      throw new AppError('conflict', `A ${row.status} campaign does not run; start it first.`, {
        reason: 'campaign_not_active',
      });
    }
    if (row.run.state !== 'failed') {
      throw new AppError('conflict', 'The campaign’s run has not failed.', {
        reason: 'campaign_run_not_failed',
      });
    }
    await tx
      .update(campaigns)
      .set({
        run: { ...restartedRun(row.run, row.stageCompletion), updatedAt: ctx.clock.now().toISOString() },
        updatedAt: ctx.clock.now(),
      })
      .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId)));
    await enqueueCampaignRun(ctx, tx, userId, id);
  });
  return getCampaign(ctx, userId, id);
}

/** Deletes a campaign with its leads (the UI asks first); its token usage stays, unlinked. */
export async function deleteCampaign(ctx: AppContext, userId: string, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId)))
    .returning({ id: campaigns.id });
  if (deleted.length === 0)
    throw new AppError('not_found', CAMPAIGN_NOT_FOUND, { reason: 'campaign_not_found' });
}
