import {
  campaignTitle,
  draftKinds,
  type ContactSource,
  type DraftKind,
  type Task,
  type TaskContext,
  type TaskPriority,
} from '@doppel/contracts';
import {
  and,
  asc,
  campaignLeads,
  contacts,
  count,
  eq,
  gte,
  isNull,
  lt,
  sql,
  tasks,
  type DbOrTx,
} from '@doppel/db';
import { loadActor, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { DomainEvent } from '../../lib/domain-events';
import { findOrCreateContact } from '../contacts';
import { languageFallbackOf, writingLanguage } from '../language';
import { getTwinVoice } from '../personas';
import { getUserSettings } from '../settings';
import { createTask, generateTaskDrafts, startTaskDraft } from '../tasks';
import { type CampaignRow } from './campaign-queries';
import { advanceLeadStatus, type LeadRecord } from './leads';
import { note, type SliceResult } from './run-state';
import { enterSequence } from './sequence-entry';
import { cutText } from '../../lib/text';
import { textsIn } from '../../lib/translations';

/*
 * Engagement: every lead gets a contact and a proactive-message task in the
 * Assistant, drafted by the engine — the campaign's model (its own choice, else the user's main
 * model) with the campaign's temperature, max tokens and personalization while its token budget
 * lasts, else the offline engine — in the lead's language and the active persona's voice.
 * Nothing is sent here: the user approves a draft by sending it from the composer, which marks
 * the lead contacted; a reply from the contact marks it responded.
 */

/** Model drafting is slow (two drafts per lead), so slices are smaller than enrichment's. */
export const ENGAGE_SLICE = 10;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Reach {
  source: ContactSource;
  handle: string | null;
}

/**
 * How the lead is reached: the first of the campaign's channels the lead has a real (not
 * simulated) address for — email, WhatsApp by phone, LinkedIn by profile — else 'other', to be
 * written to by hand.
 */
export function reachFor(
  lead: Pick<LeadRecord, 'email' | 'phone' | 'linkedinUrl'>,
  channels: readonly string[],
): Reach {
  for (const channel of channels) {
    if (channel === 'email' && lead.email && EMAIL.test(lead.email)) {
      return { source: 'email', handle: lead.email.toLowerCase() };
    }
    if (channel === 'whatsapp' && lead.phone) {
      // WhatsApp names a person by the digits of their number (wa_id), as messages arrive.
      const digits = lead.phone.replace(/\D/g, '');
      if (digits.length >= 8) return { source: 'whatsapp', handle: digits };
    }
    if (channel === 'linkedin' && lead.linkedinUrl) return { source: 'linkedin', handle: lead.linkedinUrl };
  }
  return { source: 'other', handle: null };
}

function priorityFor(matchScore: number): TaskPriority {
  if (matchScore >= 80) return 'high';
  if (matchScore >= 50) return 'medium';
  return 'low';
}

/** Who the user is, for the whole slice: the same for every lead. */
export interface Engager {
  actor: Actor;
  language: string;
  personaId: string | null;
}

export async function engagerFor(ctx: AppContext, userId: string): Promise<Engager> {
  const [actor, settings, voice] = await Promise.all([
    loadActor(ctx.db, userId),
    getUserSettings(ctx, userId),
    getTwinVoice(ctx.db, userId),
  ]);
  return {
    actor,
    language: settings.language,
    personaId: voice?.id ?? null,
  };
}

/** The lead's contact: the one it came from (inner CRM), one already on its channel, or a new one. */
async function contactFor(
  ctx: AppContext,
  campaign: CampaignRow,
  lead: LeadRecord,
  engager: Engager,
  language: string,
): Promise<string> {
  const { userId } = campaign;
  if (lead.contactId) return lead.contactId;
  const reach = reachFor(lead, campaign.stageConfigs.engagement.channels);
  return ctx.db.transaction(async (tx) => {
    const { id } = await findOrCreateContact(tx, engager.actor, {
      match: reach.handle ? { source: reach.source, handle: reach.handle } : null,
      create: {
        personaId: engager.personaId,
        name: lead.name,
        company: lead.company,
        language,
        source: reach.source,
        handle: reach.handle,
      },
      now: ctx.clock.now(),
    });
    await tx
      .update(campaignLeads)
      .set({ contactId: id, updatedAt: ctx.clock.now() })
      .where(and(eq(campaignLeads.id, lead.id), eq(campaignLeads.userId, userId)));
    return id;
  });
}

/**
 * The outreach task a lead already has (a slice that died after creating it), if any; with
 * `step`, the follow-up task of that step of its sequence.
 */
export async function existingTask(
  db: DbOrTx,
  userId: string,
  leadId: string,
  step = 0,
): Promise<string | null> {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        sql`${tasks.context}->>'leadId' = ${leadId}`,
        step === 0
          ? sql`${tasks.context}->>'sequenceStep' is null`
          : sql`${tasks.context}->>'sequenceStep' = ${String(step)}`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Drafts the task's quick and detailed messages the way the composer's Generate does: drafting
 * uses the campaign's model, temperature, max tokens and personalization (streamed and metered to
 * the campaign), or the offline engine. A model that fails leaves the remaining drafts to the
 * offline engine — a task is never left without drafts because a provider was down — and so does
 * a spent budget, which drafting refuses before any call (`campaign_budget_spent`); the answer
 * says so, for the campaign's run to show.
 */
export async function draftOutreach(
  ctx: AppContext,
  engager: Engager,
  task: Task,
): Promise<{ budgetSpent: boolean; dailyBudgetSpent: boolean }> {
  const left: DraftKind[] = [...draftKinds];
  let budgetSpent = false;
  let dailyBudgetSpent = false;
  try {
    while (left.length > 0) {
      const draft = await startTaskDraft(ctx, engager.actor, task.id, { kind: left[0]! });
      let text = '';
      for await (const delta of draft.textStream) text += delta;
      if (!text.trim()) break;
      await draft.save(text);
      left.shift();
    }
  } catch (error) {
    if (error instanceof AppError && error.code === 'campaign_budget_spent') budgetSpent = true;
    else if (error instanceof AppError && error.code === 'campaign_daily_budget_spent')
      dailyBudgetSpent = true;
    else {
      ctx.log.warn(
        { err: error, taskId: task.id },
        'campaign draft by model failed; the offline engine drafts it',
      );
    }
  }
  if (left.length > 0) await generateTaskDrafts(ctx, engager.actor, task.id, { kinds: left });
  return { budgetSpent, dailyBudgetSpent };
}

async function engageLead(
  ctx: AppContext,
  campaign: CampaignRow,
  lead: LeadRecord,
  engager: Engager,
): Promise<{ channel: ContactSource; budgetSpent: boolean; dailyBudgetSpent: boolean }> {
  const { userId } = campaign;
  // The lead's language, else the user's (a name and a company say nothing reliable about it).
  const language = lead.language ?? engager.language;
  // The contact keeps it; the task is answered in it, or in English when Doppel cannot write it.
  const written = writingLanguage(language);
  const contactId = await contactFor(ctx, campaign, lead, engager, language);
  const [contact] = await ctx.db
    .select({ source: contacts.source })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)));
  // engaged_at is set once: a task the user deletes later is not made again (issue 22).
  const link = async (taskId: string) =>
    ctx.db
      .update(campaignLeads)
      .set({ taskId, engagedAt: ctx.clock.now(), updatedAt: ctx.clock.now() })
      .where(and(eq(campaignLeads.id, lead.id), eq(campaignLeads.userId, userId)));

  const already = await existingTask(ctx.db, userId, lead.id);
  if (already) {
    await link(already);
    await enterSequence(ctx, campaign, lead.id, already);
    return { channel: contact?.source ?? 'other', budgetSpent: false, dailyBudgetSpent: false };
  }
  const title = campaignTitle(campaign.name).trim();
  // Written for the user to read, in their interface language (issue 20): whole sentences.
  const t = textsIn(engager.language);
  const role =
    lead.position && lead.company
      ? t('campaigns.roleAt', { position: lead.position, company: lead.company })
      : lead.company
        ? t('campaigns.roleCompany', { company: lead.company })
        : (lead.position ?? '');
  const template = campaign.stageConfigs.engagement.message_templates[0]?.trim();
  const summaryValues = { name: lead.name, role, campaign: title, score: lead.matchScore };
  const context: TaskContext = {
    campaignId: campaign.id,
    leadId: lead.id,
    language: written.language,
    ...languageFallbackOf(written),
    summary: cutText(t(role ? 'campaigns.summaryRole' : 'campaigns.summary', summaryValues), 4000),
    recommendation: t('markers.line', {
      marker: t('markers.opportunity'),
      text: t('campaigns.recommendation'),
    }),
    recommendationKind: 'opportunity',
    analysisData: { opportunityType: campaign.type.replace(/_/g, ' ') },
  };
  const task = await createTask(ctx, userId, {
    type: 'proactive_message',
    title: cutText(
      lead.company
        ? t('campaigns.titleAt', { name: lead.name, company: lead.company })
        : t('campaigns.title', { name: lead.name }),
      300,
    ),
    description: cutText(
      [
        t('campaigns.descriptionCampaign', { campaign: title }),
        campaign.description,
        role && t('campaigns.descriptionRole', { name: lead.name, role }),
        template && t('campaigns.descriptionTemplate', { template }),
      ]
        .filter(Boolean)
        .join('\n'),
      5000,
    ),
    priority: priorityFor(lead.matchScore),
    contactId,
    context,
  });
  await link(task.id);
  const spent = await draftOutreach(ctx, engager, task);
  // Drafted first: the twin may send the quick draft as soon as the lead is in its sequence.
  await enterSequence(ctx, campaign, lead.id, task.id);
  return { channel: contact?.source ?? 'other', ...spent };
}

/**
 * The next engagement slice: the oldest leads without an outreach task get one, with drafts.
 * Each lead is linked to its contact and task as soon as they exist, so a slice that dies midway
 * resumes without creating anything twice.
 */
export async function engagementSlice(ctx: AppContext, campaign: CampaignRow): Promise<SliceResult> {
  const threshold = campaign.stageConfigs.enrichment.data_quality_threshold;
  const leads = await ctx.db
    .select()
    .from(campaignLeads)
    .where(
      and(
        eq(campaignLeads.campaignId, campaign.id),
        isNull(campaignLeads.engagedAt),
        // Under the data-quality threshold a lead is held, not engaged (issue 22).
        gte(campaignLeads.dataQuality, threshold),
      ),
    )
    .orderBy(asc(campaignLeads.createdAt), asc(campaignLeads.id))
    .limit(ENGAGE_SLICE);
  if (leads.length === 0) {
    const held = await heldLeadCount(ctx.db, campaign.id, threshold);
    return {
      stage: 'engagement',
      notes: held > 0 ? [note('engagement', 'quality', 'held', { count: held })] : [],
    };
  }
  const [engager, held] = await Promise.all([
    engagerFor(ctx, campaign.userId),
    heldLeadCount(ctx.db, campaign.id, threshold),
  ]);
  const byChannel = new Map<string, number>();
  let offlineForBudget = 0;
  let offlineForDailyBudget = 0;
  for (const lead of leads) {
    // Drafting checks the budget per draft: the drafts of the last lead may have spent what was left.
    const { channel, budgetSpent, dailyBudgetSpent } = await engageLead(ctx, campaign, lead, engager);
    byChannel.set(channel, (byChannel.get(channel) ?? 0) + 1);
    if (budgetSpent) offlineForBudget += 1;
    else if (dailyBudgetSpent) offlineForDailyBudget += 1;
  }
  return {
    stage: 'engagement',
    notes: [
      // How many leads the threshold holds back (a current figure: the latest replaces the last).
      ...(held > 0 ? [note('engagement', 'quality', 'held', { count: held })] : []),
      // Today's token budget is spent: these drafts are the offline engine's until tomorrow.
      ...(offlineForDailyBudget > 0
        ? [note('engagement', 'ai', 'daily_budget_spent', { count: offlineForDailyBudget })]
        : []),
      ...[...byChannel].map(([channel, created]) =>
        note('engagement', channel, 'tasks_created', { count: created }),
      ),
      // The budget is spent: these leads' drafts are the offline engine's, no model was called.
      ...(offlineForBudget > 0
        ? [note('engagement', 'ai', 'budget_spent', { count: offlineForBudget })]
        : []),
    ],
  };
}

/** Leads not engaged because their data quality is under the campaign's threshold. */
export async function heldLeadCount(db: DbOrTx, campaignId: string, threshold: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(campaignLeads)
    .where(
      and(
        eq(campaignLeads.campaignId, campaignId),
        isNull(campaignLeads.engagedAt),
        lt(campaignLeads.dataQuality, threshold),
      ),
    );
  return Number(row?.n ?? 0);
}

/** A campaign's outreach task was sent (the composer's Send): its lead is contacted now. */
export async function markLeadContacted(
  ctx: AppContext,
  actor: Actor,
  event: DomainEvent<'message.sent'>,
): Promise<void> {
  if (!event.campaignId || !event.leadId) return;
  await advanceLeadStatus(ctx.db, actor.userId, event.leadId, 'contacted', new Date(event.at));
}

/**
 * The contact wrote to the user: the campaign leads reached through this contact, and waiting
 * for an answer (contacted), have responded. Leads never contacted are left as they are — an
 * old acquaintance from the inner CRM writing about something else is not a reply.
 */
export async function markLeadsResponded(
  ctx: AppContext,
  actor: Actor,
  event: DomainEvent<'contact.replied'>,
): Promise<void> {
  const { userId } = actor;
  const waiting = await ctx.db
    .select({ id: campaignLeads.id })
    .from(campaignLeads)
    .where(
      and(
        eq(campaignLeads.userId, userId),
        eq(campaignLeads.contactId, event.contactId),
        eq(campaignLeads.status, 'contacted'),
      ),
    );
  if (waiting.length === 0) return;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    for (const lead of waiting) await advanceLeadStatus(tx, userId, lead.id, 'responded', now);
  });
}
