import {
  DAILY_SEND_LIMIT,
  campaignTitle,
  type SequenceChannel,
  type SequenceStep,
  type StepSkipReason,
  type TaskContext,
} from '@doppel/contracts';
import {
  and,
  asc,
  campaignLeadSteps,
  campaignLeads,
  campaigns,
  contacts,
  count,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  min,
  sql,
  type DbOrTx,
  type SQL,
} from '@doppel/db';
import type { Actor } from '../../lib/actor';
import { startOfUtcDay } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import type { DomainEvent } from '../../lib/domain-events';
import type { JobHandler } from '../../lib/job-queue';
import { cutText } from '../../lib/text';
import { textsIn } from '../../lib/translations';
import { findOrCreateContact } from '../contacts';
import { languageFallbackOf, writingLanguage } from '../language';
import { getUserSettings } from '../settings';
import { createTask, getTask, saveTaskResponses, sendTaskOnItsOwn } from '../tasks';
import { fillPlaceholders } from './bulk-email';
import type { CampaignRow } from './campaign-queries';
import { optOutReasons } from './email-opt-outs';
import { draftOutreach, engagerFor, existingTask, reachFor, type Engager } from './engage-leads';
import type { LeadRecord } from './leads';
import {
  recordStep,
  scheduleSequence,
  SEQUENCE_JOB,
  sendsOnItsOwn,
  stepsOf,
  type StepKey,
} from './sequence-entry';
import { stopSequencesOfContact } from './sequence-stops';
import { touchesOf } from './touch-budget';

/*
 * A campaign's sequence (issue 22, docs/decisions/041). Step 0 is the first message — the outreach
 * task engagement makes for each lead — and steps 1…n are the follow-ups of
 * `engagement.follow_up_sequence`, each `afterDays` after the previous message went out. Who
 * sends follows the campaign's account type: 'personal' makes each step a task the user
 * approves and sends; 'ai_assistant' has the twin send it itself, within the campaign's daily
 * send limit. Either way the user's touch budget is checked before a step, and a step over it is
 * skipped with the reason. A lead leaves the sequence when it replies on any channel,
 * unsubscribes or bounces (sequence-stops.ts), or when the campaign ends.
 *
 * The lead row carries where it is (sequence_step, sequence_state, next_step_at); each step's
 * outcome is one campaign_lead_steps row. A durable job per campaign, queued for the earliest due
 * step, runs the due leads a slice at a time and queues itself for the next; a lead is claimed
 * with a short lease before its step runs, so two jobs never run the same step.
 */

/** Leads one run of the job takes; it queues itself again at once while more are due. */
export const SEQUENCE_SLICE = 10;

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a claimed step is left to its job before another may run it (a dead process). */
const STEP_LEASE_MS = 10 * 60 * 1000;

interface SequencePayload {
  userId: string;
  campaignId: string;
  [key: string]: unknown;
}

/** When the campaign's next waiting step is due; null when none is waiting. */
async function nextDueAt(db: DbOrTx, campaignId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(campaignLeads.nextStepAt) })
    .from(campaignLeads)
    .where(and(eq(campaignLeads.campaignId, campaignId), eq(campaignLeads.sequenceState, 'waiting')));
  return row?.at ? new Date(row.at) : null;
}

/** Queues the sequence for its next due step (a Start, changed settings). */
export async function resumeSequence(
  ctx: AppContext,
  tx: DbOrTx,
  userId: string,
  campaignId: string,
): Promise<void> {
  const due = await nextDueAt(tx, campaignId);
  if (!due) return;
  const now = ctx.clock.now();
  await scheduleSequence(ctx, tx, userId, campaignId, due < now ? now : due);
}

/**
 * Moves the lead past `step`: the next follow-up becomes due its wait after `from`, or the
 * sequence is finished. Only a lead still at that step moves (a reply may have stopped it).
 */
async function advance(
  ctx: AppContext,
  tx: DbOrTx,
  campaign: Pick<CampaignRow, 'id' | 'userId' | 'stageConfigs'>,
  leadId: string,
  step: number,
  from: Date,
): Promise<void> {
  const steps = stepsOf(campaign);
  const next = steps[step];
  const at = next ? new Date(from.getTime() + next.afterDays * DAY_MS) : null;
  const [moved] = await tx
    .update(campaignLeads)
    .set(
      next
        ? { sequenceStep: step + 1, sequenceState: 'waiting', nextStepAt: at, updatedAt: ctx.clock.now() }
        : { sequenceStep: step, sequenceState: 'finished', nextStepAt: null, updatedAt: ctx.clock.now() },
    )
    .where(
      and(
        eq(campaignLeads.id, leadId),
        eq(campaignLeads.userId, campaign.userId),
        eq(campaignLeads.sequenceStep, step),
        inArray(campaignLeads.sequenceState, ['waiting', 'awaiting_approval']),
      ),
    )
    .returning({ id: campaignLeads.id });
  if (moved && at) await scheduleSequence(ctx, tx, campaign.userId, campaign.id, at);
}

/** Messages the twin sent for the campaign since `since` (its daily send limit). */
export async function automaticSendsSince(db: DbOrTx, campaignId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(campaignLeadSteps)
    .where(
      and(
        eq(campaignLeadSteps.campaignId, campaignId),
        eq(campaignLeadSteps.automatic, true),
        inArray(campaignLeadSteps.outcome, ['sending', 'sent']),
        gte(campaignLeadSteps.createdAt, since),
      ),
    );
  return Number(row?.n ?? 0);
}

export function dailySendLimitOf(campaign: Pick<CampaignRow, 'stageConfigs'>): number {
  return campaign.stageConfigs.engagement.daily_send_limit ?? DAILY_SEND_LIMIT.default;
}

/** Claims a due lead's step for this job: only one job runs it. */
async function claimStep(ctx: AppContext, lead: LeadRecord): Promise<boolean> {
  const now = ctx.clock.now();
  const [claimed] = await ctx.db
    .update(campaignLeads)
    .set({ nextStepAt: new Date(now.getTime() + STEP_LEASE_MS) })
    .where(
      and(
        eq(campaignLeads.id, lead.id),
        eq(campaignLeads.sequenceState, 'waiting'),
        eq(campaignLeads.sequenceStep, lead.sequenceStep!),
        lte(campaignLeads.nextStepAt, now),
      ),
    )
    .returning({ id: campaignLeads.id });
  return !!claimed;
}

/** One run of the campaign's sequence job: the due steps, a slice of leads at a time. */
export async function runSequenceSlice(ctx: AppContext, userId: string, campaignId: string): Promise<void> {
  const [campaign] = await ctx.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)));
  // A paused campaign waits: Start queues the sequence again.
  if (!campaign || campaign.status !== 'active') return;
  const now = ctx.clock.now();
  const due = await ctx.db
    .select()
    .from(campaignLeads)
    .where(
      and(
        eq(campaignLeads.campaignId, campaignId),
        eq(campaignLeads.sequenceState, 'waiting'),
        lte(campaignLeads.nextStepAt, now),
      ),
    )
    .orderBy(asc(campaignLeads.nextStepAt), asc(campaignLeads.id))
    .limit(SEQUENCE_SLICE);

  const automatic = sendsOnItsOwn(campaign);
  const limit = dailySendLimitOf(campaign);
  let sentToday = automatic ? await automaticSendsSince(ctx.db, campaignId, startOfUtcDay(now)) : 0;
  let limited = false;
  if (due.length > 0) {
    const [engager, settings] = await Promise.all([engagerFor(ctx, userId), getUserSettings(ctx, userId)]);
    for (const lead of due) {
      if (automatic && sentToday >= limit) {
        limited = true;
        break;
      }
      if (!(await claimStep(ctx, lead))) continue;
      const sent = await runStep(ctx, campaign, lead, engager, settings.touchesPerWeek);
      if (sent) sentToday += 1;
    }
  }
  await ctx.db.transaction(async (tx) => {
    // Over today's limit the rest waits for tomorrow (UTC), when the limit starts again.
    if (limited) {
      await scheduleSequence(ctx, tx, userId, campaignId, new Date(startOfUtcDay(now).getTime() + DAY_MS));
    } else {
      await resumeSequence(ctx, tx, userId, campaignId);
    }
  });
}

/** The contact a step writes to: the lead's own, or the lead's address on the step's channel. */
async function stepContact(
  ctx: AppContext,
  campaign: CampaignRow,
  lead: LeadRecord,
  channel: SequenceChannel,
  engager: Engager,
): Promise<{ id: string; source: string; handle: string | null } | null> {
  const own = lead.contactId
    ? (
        await ctx.db
          .select({ id: contacts.id, source: contacts.source, handle: contacts.handle })
          .from(contacts)
          .where(and(eq(contacts.id, lead.contactId), eq(contacts.userId, lead.userId)))
      )[0]
    : undefined;
  if (channel === 'same' || own?.source === channel) return own ?? null;
  const reach = reachFor(lead, [channel]);
  if (!reach.handle) return null;
  const handle = reach.handle;
  return ctx.db.transaction(async (tx) => {
    const found = await findOrCreateContact(tx, engager.actor, {
      match: { source: reach.source, handle },
      create: {
        personaId: engager.personaId,
        name: lead.name,
        company: lead.company,
        language: lead.language ?? engager.language,
        source: reach.source,
        handle,
      },
      now: ctx.clock.now(),
    });
    return { id: found.id, source: reach.source, handle };
  });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why a step cannot go to this contact now, if it cannot. */
async function stepObstacle(
  ctx: AppContext,
  lead: LeadRecord,
  contact: { id: string; source: string; handle: string | null } | null,
  touchBudget: number,
): Promise<StepSkipReason | null> {
  if (!contact) return 'no_address';
  if (contact.source === 'email') {
    const address = contact.handle?.trim().toLowerCase();
    if (!address || !EMAIL.test(address)) return 'no_address';
    if ((await optOutReasons(ctx.db, lead.userId, [address])).size > 0) return 'opted_out';
  }
  const ids = [...new Set([contact.id, ...(lead.contactId ? [lead.contactId] : [])])];
  if ((await touchesOf(ctx.db, lead.userId, ids, ctx.clock.now())) >= touchBudget) return 'touch_budget';
  return null;
}

/** The follow-up task of a step, with its draft: the template filled for the lead, or the twin's. */
async function followUpTask(
  ctx: AppContext,
  campaign: CampaignRow,
  lead: LeadRecord,
  stepIndex: number,
  step: SequenceStep,
  contactId: string,
  engager: Engager,
): Promise<string> {
  const { userId } = campaign;
  const already = await existingTask(ctx.db, userId, lead.id, stepIndex);
  if (already) return already;
  const t = textsIn(engager.language);
  const title = campaignTitle(campaign.name).trim();
  const written = writingLanguage(lead.language ?? engager.language);
  const context: TaskContext = {
    campaignId: campaign.id,
    leadId: lead.id,
    sequenceStep: stepIndex,
    language: written.language,
    ...languageFallbackOf(written),
    summary: cutText(
      t('campaigns.followUpSummary', { name: lead.name, campaign: title, step: stepIndex }),
      4000,
    ),
    recommendation: t('markers.line', {
      marker: t('markers.opportunity'),
      text: t('campaigns.followUpRecommendation'),
    }),
    recommendationKind: 'opportunity',
    analysisData: { opportunityType: campaign.type.replace(/_/g, ' ') },
  };
  const task = await createTask(ctx, userId, {
    type: 'proactive_message',
    title: cutText(t('campaigns.followUpTitle', { name: lead.name, step: stepIndex }), 300),
    description: cutText(
      [
        t('campaigns.descriptionCampaign', { campaign: title }),
        t('campaigns.followUpDescription', { count: step.afterDays, step: stepIndex }),
        step.content === 'template' && t('campaigns.descriptionTemplate', { template: step.template }),
      ]
        .filter(Boolean)
        .join('\n'),
      5000,
    ),
    priority: lead.matchScore >= 80 ? 'high' : lead.matchScore >= 50 ? 'medium' : 'low',
    contactId,
    context,
  });
  if (step.content === 'template') {
    await saveTaskResponses(ctx, userId, task.id, {
      responses: { quick: fillPlaceholders(step.template, lead) },
    });
  } else {
    await draftOutreach(ctx, engager, task);
  }
  return task.id;
}

/**
 * Runs a lead's due step (claimed): skips it with its reason, makes its task for approval, or —
 * when the twin sends — sends it. Answers whether the twin sent (or queued) a message.
 */
async function runStep(
  ctx: AppContext,
  campaign: CampaignRow,
  lead: LeadRecord,
  engager: Engager,
  touchBudget: number,
): Promise<boolean> {
  const stepIndex = lead.sequenceStep!;
  const key: StepKey = { userId: campaign.userId, campaignId: campaign.id, leadId: lead.id, step: stepIndex };
  const now = ctx.clock.now();
  const step = stepIndex === 0 ? null : stepsOf(campaign)[stepIndex - 1];
  const skip = (reason: StepSkipReason, taskId: string | null = null) =>
    ctx.db.transaction(async (tx) => {
      await recordStep(tx, key, 'skipped', { skipReason: reason, taskId, at: now });
      await advance(ctx, tx, campaign, lead.id, stepIndex, now);
    });

  if (stepIndex > 0 && !step) {
    // The step was removed from the campaign since: the sequence ends here.
    await ctx.db.transaction((tx) => advance(ctx, tx, campaign, lead.id, stepIndex - 1, now));
    return false;
  }
  const contact = await stepContact(ctx, campaign, lead, step?.channel ?? 'same', engager);
  const obstacle = await stepObstacle(ctx, lead, contact, touchBudget);
  // The first message's task is there already (engagement made it), unless the user deleted it.
  const firstTask = stepIndex === 0 ? (lead.taskId ?? null) : null;
  if (stepIndex === 0 && !firstTask) {
    await skip('task_deleted');
    return false;
  }
  if (obstacle) {
    await skip(obstacle, firstTask);
    return false;
  }
  const taskId =
    firstTask ?? (await followUpTask(ctx, campaign, lead, stepIndex, step!, contact!.id, engager));

  if (!sendsOnItsOwn(campaign)) {
    await ctx.db.transaction(async (tx) => {
      await recordStep(tx, key, 'awaiting_approval', { taskId, at: now });
      await tx
        .update(campaignLeads)
        .set({ sequenceState: 'awaiting_approval', nextStepAt: null, updatedAt: now })
        .where(and(eq(campaignLeads.id, lead.id), eq(campaignLeads.sequenceStep, stepIndex)));
    });
    return false;
  }

  const task = await getTask(ctx.db, campaign.userId, taskId);
  const text = task.responses.quick?.trim();
  if (task.status === 'completed' || !text) {
    // Sent by the user meanwhile (its message.sent moves the lead on), or nothing to send.
    if (!text) await skip('send_failed', taskId);
    return false;
  }
  // Marked before the send: a retried job finds the step on its way instead of sending twice.
  await ctx.db.transaction(async (tx) => {
    await recordStep(tx, key, 'sending', { taskId, automatic: true, at: now });
    await tx
      .update(campaignLeads)
      .set({ nextStepAt: null, updatedAt: now })
      .where(and(eq(campaignLeads.id, lead.id), eq(campaignLeads.sequenceStep, stepIndex)));
  });
  let result: Awaited<ReturnType<typeof sendTaskOnItsOwn>>;
  try {
    result = await sendTaskOnItsOwn(ctx, campaign.userId, taskId, { text, kind: 'quick' });
  } catch (error) {
    // Refused before anything went out (the address opted out meanwhile, the mailbox was
    // removed): the step is skipped with the reason rather than left on its way for ever.
    ctx.log.warn({ err: error, taskId }, 'a sequence step could not be sent');
    await skip('send_failed', taskId);
    return false;
  }
  if (!result) {
    // Doppel cannot deliver on this channel (not connected, or no API): the user sends it.
    await ctx.db.transaction(async (tx) => {
      await recordStep(tx, key, 'awaiting_approval', { taskId, automatic: false, at: now });
      await tx
        .update(campaignLeads)
        .set({ sequenceState: 'awaiting_approval', updatedAt: now })
        .where(and(eq(campaignLeads.id, lead.id), eq(campaignLeads.sequenceStep, stepIndex)));
    });
    return false;
  }
  const status = result.delivery.status;
  // A refused or uncertain message stays on its task with Retry; the sequence goes on.
  if (status === 'failed' || status === 'unknown') await skip('send_failed', taskId);
  // 'sent' moved the lead on through message.sent; 'queued' mail does when the server takes it.
  return true;
}

/**
 * A campaign message went out (message.sent): the step it was is sent, and the lead moves on to
 * its next step. The first message of a lead engaged before sequences existed enters it here.
 */
export async function stepSent(
  ctx: AppContext,
  actor: Actor,
  event: DomainEvent<'message.sent'>,
): Promise<void> {
  if (!event.taskId || !event.leadId || !event.campaignId) return;
  const { userId } = actor;
  const at = new Date(event.at);
  await ctx.db.transaction(async (tx) => {
    const [campaign] = await tx
      .select({ id: campaigns.id, userId: campaigns.userId, stageConfigs: campaigns.stageConfigs })
      .from(campaigns)
      .where(and(eq(campaigns.id, event.campaignId!), eq(campaigns.userId, userId)));
    const [lead] = await tx
      .select()
      .from(campaignLeads)
      .where(and(eq(campaignLeads.id, event.leadId!), eq(campaignLeads.userId, userId)))
      .for('update');
    if (!campaign || !lead) return;
    const [row] = await tx
      .select({ step: campaignLeadSteps.step, automatic: campaignLeadSteps.automatic })
      .from(campaignLeadSteps)
      .where(and(eq(campaignLeadSteps.leadId, lead.id), eq(campaignLeadSteps.taskId, event.taskId!)));
    const step = row?.step ?? (lead.taskId === event.taskId ? 0 : null);
    if (step === null) return;
    await recordStep(tx, { userId, campaignId: campaign.id, leadId: lead.id, step }, 'sent', {
      taskId: event.taskId,
      automatic: row?.automatic ?? false,
      at,
    });
    if (lead.sequenceState === null && step === 0) {
      // Engaged before sequences: it enters now, at its first message.
      await tx
        .update(campaignLeads)
        .set({ sequenceStep: 0, sequenceState: 'awaiting_approval' })
        .where(eq(campaignLeads.id, lead.id));
    }
    await advance(ctx, tx, campaign, lead.id, step, at);
  });
}

/**
 * A campaign email the twin queued could not be sent (email.settled failed or unknown): the
 * step is skipped with the reason — the task keeps the mail, with Retry — and the lead moves on.
 */
export async function stepMailSettled(
  ctx: AppContext,
  actor: Actor,
  event: DomainEvent<'email.settled'>,
): Promise<void> {
  if (!event.taskId || event.status === 'sent') return;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(campaignLeadSteps)
      .where(
        and(
          eq(campaignLeadSteps.userId, actor.userId),
          eq(campaignLeadSteps.taskId, event.taskId!),
          eq(campaignLeadSteps.outcome, 'sending'),
        ),
      );
    if (!row) return;
    const [campaign] = await tx
      .select({ id: campaigns.id, userId: campaigns.userId, stageConfigs: campaigns.stageConfigs })
      .from(campaigns)
      .where(eq(campaigns.id, row.campaignId));
    if (!campaign) return;
    const key = { userId: row.userId, campaignId: row.campaignId, leadId: row.leadId, step: row.step };
    await recordStep(tx, key, 'skipped', { skipReason: 'send_failed', at: now });
    await advance(ctx, tx, campaign, row.leadId, row.step, now);
  });
}

/** The durable job that runs a campaign's due sequence steps. */
export function sequenceJob(ctx: AppContext): JobHandler<SequencePayload> {
  return {
    kind: SEQUENCE_JOB,
    maxAttempts: 3,
    run: (payload) => runSequenceSlice(ctx, payload.userId, payload.campaignId),
  };
}

/** The contact wrote to the user (contact.replied): leads reached through them leave their sequence. */
export async function stopOnReply(
  ctx: AppContext,
  actor: Actor,
  event: DomainEvent<'contact.replied'>,
): Promise<void> {
  await ctx.db.transaction((tx) =>
    stopSequencesOfContact(tx, actor.userId, event.contactId, ctx.clock.now()),
  );
}

/**
 * The follow-ups changed (Settings), in the transaction that saves them: leads that finished the
 * old steps wait for the new ones, counted from their last message; leads contacted before
 * sequences existed enter at the first follow-up; leads waiting for a step that is gone finish.
 * Leads already waiting keep the day they were given.
 */
export async function resequence(
  ctx: AppContext,
  tx: DbOrTx,
  campaign: Pick<CampaignRow, 'id' | 'userId' | 'status' | 'stageConfigs'>,
): Promise<void> {
  const steps = stepsOf(campaign);
  const now = ctx.clock.now();
  // waits[k]: the days before step k (step 0, the first message, has none).
  const waits = JSON.stringify([0, ...steps.map((step) => step.afterDays)]);
  const since = sql`coalesce(${campaignLeads.lastContactAt}, ${campaignLeads.contactedAt}, ${now.toISOString()}::timestamptz)`;
  const waitOf = (step: SQL) => sql`make_interval(days => (${waits}::jsonb->>(${step}))::int)`;
  const ofCampaign = and(
    eq(campaignLeads.campaignId, campaign.id),
    eq(campaignLeads.userId, campaign.userId),
  );
  await tx
    .update(campaignLeads)
    .set({
      sequenceState: 'waiting',
      sequenceStep: sql`${campaignLeads.sequenceStep} + 1`,
      nextStepAt: sql`${since} + ${waitOf(sql`${campaignLeads.sequenceStep} + 1`)}`,
      updatedAt: now,
    })
    .where(
      and(
        ofCampaign,
        eq(campaignLeads.sequenceState, 'finished'),
        lt(campaignLeads.sequenceStep, steps.length),
      ),
    );
  if (steps.length > 0) {
    await tx
      .update(campaignLeads)
      .set({
        sequenceState: 'waiting',
        sequenceStep: 1,
        nextStepAt: sql`${since} + ${waitOf(sql`1`)}`,
        updatedAt: now,
      })
      .where(and(ofCampaign, isNull(campaignLeads.sequenceState), isNotNull(campaignLeads.contactedAt)));
  }
  await tx
    .update(campaignLeads)
    .set({ sequenceState: 'finished', sequenceStep: steps.length, nextStepAt: null, updatedAt: now })
    .where(
      and(
        ofCampaign,
        eq(campaignLeads.sequenceState, 'waiting'),
        gt(campaignLeads.sequenceStep, steps.length),
      ),
    );
  if (campaign.status === 'active') await resumeSequence(ctx, tx, campaign.userId, campaign.id);
}
