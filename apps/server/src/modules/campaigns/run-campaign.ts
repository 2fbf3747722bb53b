import { stageForProgress, type CampaignRun, type CampaignStage } from '@doppel/contracts';
import {
  and,
  campaignLeads,
  campaigns,
  count,
  eq,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type DbOrTx,
} from '@doppel/db';
import type { JobHandler } from '../../lib/job-queue';
import type { AppContext } from '../../lib/context';
import { type CampaignRow } from './campaign-queries';
import { enrichmentSlice } from './enrich-leads';
import { engagementSlice } from './engage-leads';
import { extractionSlice } from './extract-leads';
import {
  mergeNotes,
  restartedRun,
  runProgress,
  type LeadFigures,
  type RunError,
  type SliceResult,
} from './run-state';
import { cutText } from '../../lib/text';

/*
 * A campaign's run: extraction → enrichment → engagement as one
 * durable job kind. Each job does one bounded slice — one source, or a batch of leads — then, in
 * the transaction that saves what it did, queues the next slice while the campaign is active.
 * So Pause takes effect at the next slice, a restart resumes where the last slice ended (the
 * run's notes and the leads' own stamps say what is done), and no job holds its lease for long.
 */

/** The durable job that runs a campaign's stages: extraction → enrichment → engagement. */
export const CAMPAIGN_RUN_JOB = 'campaigns.run';

export interface CampaignRunPayload {
  userId: string;
  campaignId: string;
  [key: string]: unknown;
}

/** The web app words the code; the English is for API clients. */
const STOPPED_UNEXPECTEDLY: RunError = {
  code: 'stopped_unexpectedly',
  message: 'The run stopped after an unexpected error; pause and start the campaign to try again.',
};

/**
 * Queues the next run of a campaign in the transaction that started it (for `at`, now by
 * default). A campaign already waiting for its next slice gets no second one (a quick Pause then
 * Start while a slice is queued) — a queued one due later is moved to `at` instead.
 */
export async function enqueueCampaignRun(
  ctx: AppContext,
  tx: DbOrTx,
  userId: string,
  campaignId: string,
  at: Date = ctx.clock.now(),
): Promise<void> {
  if (await ctx.jobs.moveEarlier(tx, CAMPAIGN_RUN_JOB, { campaignId }, at)) return;
  await ctx.jobs.enqueue(tx, CAMPAIGN_RUN_JOB, { userId, campaignId }, { runAt: at });
}

/**
 * How long a slice holds its campaign. Slices are bounded (a source, 25 leads, 10 drafted
 * leads) and take seconds to a few minutes; a claim older than this is a dead process's.
 */
export const SLICE_LEASE_MS = 10 * 60 * 1000;

/**
 * Takes the campaign for one slice, so two slices never work on it side by side — not even in
 * two processes (a Pause and a Start while a slice runs queue a second job). Answers false when
 * another slice holds it; that one queues the next slice when it saves, and for a holder that
 * died the run is queued again for when its claim runs out.
 */
async function claimSlice(ctx: AppContext, userId: string, campaignId: string): Promise<boolean> {
  const now = ctx.clock.now();
  const staleBefore = new Date(now.getTime() - SLICE_LEASE_MS);
  return ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(campaigns)
      .set({ sliceClaimedAt: now })
      .where(
        and(
          eq(campaigns.id, campaignId),
          eq(campaigns.userId, userId),
          or(isNull(campaigns.sliceClaimedAt), lte(campaigns.sliceClaimedAt, staleBefore)),
        ),
      )
      .returning({ id: campaigns.id });
    if (claimed) return true;
    const [held] = await tx
      .select({ at: campaigns.sliceClaimedAt })
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)));
    if (held?.at) {
      // Never due before the claim runs out: a job that cannot take it must not spin.
      const expires = Math.max(held.at.getTime() + SLICE_LEASE_MS, now.getTime() + 1000);
      await enqueueCampaignRun(ctx, tx, userId, campaignId, new Date(expires));
    }
    return false;
  });
}

async function releaseSlice(ctx: AppContext, userId: string, campaignId: string): Promise<void> {
  await ctx.db
    .update(campaigns)
    .set({ sliceClaimedAt: null })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)));
}

async function lockCampaign(tx: DbOrTx, userId: string, campaignId: string): Promise<CampaignRow | null> {
  const [row] = await tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    .for('update');
  return row ?? null;
}

async function leadFigures(
  db: DbOrTx,
  campaignId: string,
  threshold: number,
): Promise<LeadFigures & { unenriched: number }> {
  const [row] = await db
    .select({
      total: count(),
      enriched: sql<number>`(count(*) filter (where ${isNotNull(campaignLeads.enrichedAt)}))::int`,
      engaged: sql<number>`(count(*) filter (where ${isNotNull(campaignLeads.engagedAt)}))::int`,
      held: sql<number>`(count(*) filter (where ${isNull(campaignLeads.engagedAt)} and ${campaignLeads.dataQuality} < ${threshold}))::int`,
    })
    .from(campaignLeads)
    .where(eq(campaignLeads.campaignId, campaignId));
  const total = Number(row?.total ?? 0);
  const enriched = Number(row?.enriched ?? 0);
  return {
    total,
    enriched,
    engaged: Number(row?.engaged ?? 0),
    held: Number(row?.held ?? 0),
    unenriched: total - enriched,
  };
}

async function hasUnenrichedLeads(db: DbOrTx, campaignId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: campaignLeads.id })
    .from(campaignLeads)
    .where(and(eq(campaignLeads.campaignId, campaignId), isNull(campaignLeads.enrichedAt)))
    .limit(1);
  return !!row;
}

/** The run as the slice's stage functions read it: a (re)start forgets why things failed. */
function currentRun(campaign: CampaignRow): CampaignRun {
  return campaign.run.state === 'running'
    ? campaign.run
    : restartedRun(campaign.run, campaign.stageCompletion);
}

/**
 * Why extraction found nobody. The web app words the code and shows the notes' own reasons; the
 * English, for API clients, glues them into one sentence.
 */
function noLeadsError(run: CampaignRun): RunError {
  const reasons = run.notes
    .filter((each) => each.stage === 'extraction' && each.outcome !== 'imported')
    .map((each) => `${each.subject}: ${each.detail ?? each.outcome.replace(/_/g, ' ')}`);
  return {
    code: 'no_leads',
    message: cutText(
      `No leads were found${reasons.length > 0 ? ` (${reasons.join('; ')})` : ''}. Add leads or set up a source, then retry the run.`,
      500,
    ),
  };
}

/**
 * Saves a slice: its data, the merged notes, stage completion and progress, in one transaction
 * with the campaign locked; and queues the next slice when the campaign is still active and
 * the run has more to do.
 */
async function saveSlice(
  ctx: AppContext,
  userId: string,
  campaignId: string,
  slice: SliceResult,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockCampaign(tx, userId, campaignId);
    if (!row) return;
    const added = (await slice.write?.(tx)) ?? [];
    const base = currentRun(row);
    const notes = mergeNotes(base.notes, [...slice.notes, ...added]);
    const completion = { ...row.stageCompletion };
    const figures = await leadFigures(tx, campaignId, row.stageConfigs.enrichment.data_quality_threshold);
    let error: RunError | null = slice.error ?? null;
    if (!error) {
      if (slice.stage === 'extraction' && slice.sourcesDone) {
        if (figures.total === 0) error = noLeadsError({ ...base, notes });
        else completion.extraction = true;
      }
      if (slice.stage === 'enrichment' && figures.unenriched === 0) completion.enrichment = true;
      if (slice.stage === 'engagement' && figures.engaged + figures.held >= figures.total)
        completion.engagement = true;
    }
    const sources = row.stageConfigs.extraction.sources;
    const sourcesRead = sources.filter((source) =>
      notes.some((each) => each.stage === 'extraction' && each.subject === source),
    ).length;
    const progress = runProgress(completion, figures, { done: sourcesRead, total: sources.length });
    const finished = completion.extraction && completion.enrichment && completion.engagement;
    const active = row.status === 'active';
    const state: CampaignRun['state'] = error ? 'failed' : finished || !active ? 'idle' : 'running';
    const nextStage: CampaignStage = !completion.extraction
      ? 'extraction'
      : !completion.enrichment
        ? 'enrichment'
        : 'engagement';
    await tx
      .update(campaigns)
      .set({
        run: {
          state,
          stage: error ? slice.stage : nextStage,
          notes,
          error: error?.message ?? null,
          ...(error && { errorCode: error.code }),
          updatedAt: ctx.clock.now().toISOString(),
        },
        progress,
        currentStage: stageForProgress(progress),
        stageCompletion: completion,
        // The slice is done: the next one may take the campaign.
        sliceClaimedAt: null,
      })
      .where(eq(campaigns.id, campaignId));
    if (state === 'running') await enqueueCampaignRun(ctx, tx, userId, campaignId);
  });
}

/**
 * Engagement runs again (a lower data-quality threshold released held leads), in the transaction
 * that changed it: the stage is open once more and the next slice engages them.
 */
export async function reopenEngagement(ctx: AppContext, tx: DbOrTx, row: CampaignRow): Promise<void> {
  await tx
    .update(campaigns)
    .set({
      stageCompletion: { ...row.stageCompletion, engagement: false },
      run: { ...row.run, state: 'running', updatedAt: ctx.clock.now().toISOString() },
    })
    .where(and(eq(campaigns.id, row.id), eq(campaigns.userId, row.userId)));
  await enqueueCampaignRun(ctx, tx, row.userId, row.id);
}

/** A job for a campaign that is no longer active does nothing but say the run is not running. */
async function settleStopped(ctx: AppContext, userId: string, campaignId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockCampaign(tx, userId, campaignId);
    if (!row || row.status === 'active' || row.run.state !== 'running') return;
    await tx
      .update(campaigns)
      .set({ run: { ...row.run, state: 'idle', updatedAt: ctx.clock.now().toISOString() } })
      .where(eq(campaigns.id, campaignId));
  });
}

/** One slice of a campaign's run (the job's body). */
export async function runCampaignSlice(ctx: AppContext, userId: string, campaignId: string): Promise<void> {
  const [campaign] = await ctx.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)));
  if (!campaign) return;
  if (campaign.status !== 'active') return settleStopped(ctx, userId, campaignId);

  if (!(await claimSlice(ctx, userId, campaignId))) return;
  let slice: SliceResult;
  try {
    const run = currentRun(campaign);
    const completion = campaign.stageCompletion;
    if (!completion.extraction) slice = await extractionSlice(ctx, campaign, run.notes);
    // Leads added after enrichment finished (a file imported later) are enriched on the next start.
    else if (!completion.enrichment || (await hasUnenrichedLeads(ctx.db, campaignId)))
      slice = await enrichmentSlice(ctx, campaign);
    else slice = await engagementSlice(ctx, campaign);
    // Saving the slice releases the campaign in the same transaction.
    await saveSlice(ctx, userId, campaignId, slice);
  } catch (error) {
    // The job's retry (or the next Start) takes the campaign again at once.
    await releaseSlice(ctx, userId, campaignId).catch(() => undefined);
    throw error;
  }
  await slice.afterSave?.();
}

/** Marks the run failed once its job has failed for good, so the detail says so. */
async function markRunFailed(ctx: AppContext, userId: string, campaignId: string): Promise<void> {
  await ctx.db
    .update(campaigns)
    .set({
      run: sql`${campaigns.run} || ${JSON.stringify({
        state: 'failed',
        error: STOPPED_UNEXPECTEDLY.message,
        errorCode: STOPPED_UNEXPECTEDLY.code,
        updatedAt: ctx.clock.now().toISOString(),
      })}::jsonb`,
    })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)));
}

export function campaignRunJob(ctx: AppContext): JobHandler<CampaignRunPayload> {
  return {
    kind: CAMPAIGN_RUN_JOB,
    maxAttempts: 3,
    run: (payload) => runCampaignSlice(ctx, payload.userId, payload.campaignId),
    onFailed: async (payload, error) => {
      ctx.log.error({ err: error, campaignId: payload.campaignId }, 'campaign run failed');
      await markRunFailed(ctx, payload.userId, payload.campaignId);
    },
  };
}
