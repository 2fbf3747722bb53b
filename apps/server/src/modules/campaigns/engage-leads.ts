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
  eq,
  isNull,
  sql,
  tasks,
  tokenUsage,
  type DbOrTx,
} from '@doppel/db';
import { loadActor, type Actor } from '../../lib/actor';
import type { AppContext } from '../../lib/context';
import type { DomainEvent } from '../../lib/domain-events';
import { findOrCreateContact } from '../contacts';
import { detectLanguage } from '../language';
import { getTwinVoice } from '../personas';
import { getUserSettings } from '../settings';
import { createTask, generateTaskDrafts, startTaskDraft } from '../tasks';
import { type CampaignRow } from './campaign-queries';
import { advanceLeadStatus, type LeadRecord } from './leads';
import { note, type SliceResult } from './run-state';
import { cutText } from '../../lib/text';

/*
 * Engagement: every lead gets a contact and a proactive-message task in the
 * Assistant, drafted by the engine — the user's model when one is configured and the campaign's
 * token budget allows, else the offline engine — in the lead's language and the active persona's
 * voice. Nothing is sent here: the user approves a draft by sending it from the composer, which
 * marks the lead contacted; a reply from the contact marks it responded.
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
interface Engager {
  actor: Actor;
  language: string;
  personaId: string | null;
}

async function engagerFor(ctx: AppContext, userId: string): Promise<Engager> {
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

/** The outreach task a lead already has (a slice that died after creating it), if any. */
async function existingTask(db: DbOrTx, userId: string, leadId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), sql`${tasks.context}->>'leadId' = ${leadId}`))
    .limit(1);
  return row?.id ?? null;
}

/** Tokens the campaign's model calls have used, against its budget (thousands of tokens). */
async function budgetLeft(db: DbOrTx, campaign: CampaignRow): Promise<boolean> {
  const [row] = await db
    .select({
      used: sql<number>`coalesce(sum(${tokenUsage.promptTokens} + ${tokenUsage.completionTokens}), 0)::float8`,
    })
    .from(tokenUsage)
    .where(and(eq(tokenUsage.userId, campaign.userId), eq(tokenUsage.campaignId, campaign.id)));
  return Number(row?.used ?? 0) < campaign.totalBudget * 1000;
}

/**
 * Drafts the task's quick and detailed messages the way the composer's Generate does (the
 * user's model, streamed and metered to the campaign, or the offline engine). A model that fails
 * or a spent budget leaves the remaining drafts to the offline engine: a task is never left
 * without drafts because a provider was down.
 */
async function draftOutreach(
  ctx: AppContext,
  engager: Engager,
  task: Task,
  useModel: boolean,
): Promise<void> {
  const left: DraftKind[] = [...draftKinds];
  if (useModel) {
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
      ctx.log.warn(
        { err: error, taskId: task.id },
        'campaign draft by model failed; the offline engine drafts it',
      );
    }
  }
  if (left.length > 0) await generateTaskDrafts(ctx, engager.actor, task.id, { kinds: left });
}

async function engageLead(
  ctx: AppContext,
  campaign: CampaignRow,
  lead: LeadRecord,
  engager: Engager,
  useModel: boolean,
): Promise<ContactSource> {
  const { userId } = campaign;
  const language = lead.language ?? detectLanguage(`${lead.name} ${lead.company ?? ''}`) ?? engager.language;
  const contactId = await contactFor(ctx, campaign, lead, engager, language);
  const [contact] = await ctx.db
    .select({ source: contacts.source })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)));
  const link = async (taskId: string) =>
    ctx.db
      .update(campaignLeads)
      .set({ taskId, updatedAt: ctx.clock.now() })
      .where(and(eq(campaignLeads.id, lead.id), eq(campaignLeads.userId, userId)));

  const already = await existingTask(ctx.db, userId, lead.id);
  if (already) {
    await link(already);
    return contact?.source ?? 'other';
  }
  const title = campaignTitle(campaign.name).trim();
  const role = [lead.position, lead.company && `at ${lead.company}`].filter(Boolean).join(' ');
  const template = campaign.stageConfigs.engagement.message_templates[0]?.trim();
  const context: TaskContext = {
    campaignId: campaign.id,
    leadId: lead.id,
    language: cutText(language, 10),
    summary: cutText(
      `${lead.name}${role ? `, ${role},` : ''} is a lead of the campaign “${title}” (match ${lead.matchScore}%).`,
      4000,
    ),
    recommendation: 'OPPORTUNITY: first message to a campaign lead',
    analysisData: { opportunityType: campaign.type.replace(/_/g, ' ') },
  };
  const task = await createTask(ctx, userId, {
    type: 'proactive_message',
    title: cutText(`Reach out to ${lead.name}${lead.company ? ` (${lead.company})` : ''}`, 300),
    description: cutText(
      [
        `Campaign: ${title}.`,
        campaign.description,
        role && `${lead.name}: ${role}.`,
        template && `The campaign's message template: ${template}`,
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
  await draftOutreach(ctx, engager, task, useModel);
  return contact?.source ?? 'other';
}

/**
 * The next engagement slice: the oldest leads without an outreach task get one, with drafts.
 * Each lead is linked to its contact and task as soon as they exist, so a slice that dies midway
 * resumes without creating anything twice.
 */
export async function engagementSlice(ctx: AppContext, campaign: CampaignRow): Promise<SliceResult> {
  const leads = await ctx.db
    .select()
    .from(campaignLeads)
    .where(and(eq(campaignLeads.campaignId, campaign.id), isNull(campaignLeads.taskId)))
    .orderBy(asc(campaignLeads.createdAt), asc(campaignLeads.id))
    .limit(ENGAGE_SLICE);
  if (leads.length === 0) return { stage: 'engagement', notes: [] };
  const engager = await engagerFor(ctx, campaign.userId);
  const byChannel = new Map<string, number>();
  for (const lead of leads) {
    // Checked per lead: the drafts of the last lead may have spent what was left.
    const useModel = await budgetLeft(ctx.db, campaign);
    const channel = await engageLead(ctx, campaign, lead, engager, useModel);
    byChannel.set(channel, (byChannel.get(channel) ?? 0) + 1);
  }
  return {
    stage: 'engagement',
    notes: [...byChannel].map(([channel, created]) =>
      note('engagement', channel, 'tasks_created', { count: created }),
    ),
  };
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
