import {
  createLeadInputSchema,
  DATA_QUALITY_THRESHOLD,
  LEAD_COUNT_CAP,
  leadStatuses,
  listLeadsQuerySchema,
  updateLeadStatusInputSchema,
  type CreateLeadInput,
  type Lead,
  type LeadPage,
  type LeadStatus,
  type ListLeadsQuery,
} from '@doppel/contracts';
import { and, campaignLeads, campaigns, count, desc, eq, or, sql, type DbOrTx } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import {
  createdBefore,
  exactTimestamp,
  keysetPage,
  readCreatedCursor,
  type CreatedKey,
} from '../../lib/keyset-cursor';
import { escapeLike } from '../contacts';
import { assertOpen, findOwnCampaign } from './campaign-queries';
import { optOutReasons } from './email-opt-outs';
import { insertLeads } from './lead-rows';

export type LeadRecord = typeof campaignLeads.$inferSelect;

export const LEAD_NOT_FOUND = 'Lead not found';

/**
 * A lead as the API shows it. `threshold` is its campaign's data-quality threshold: a lead whose
 * data quality is under it, and that has no outreach yet, is held.
 */
export function toLead(
  row: LeadRecord,
  emailProblem: Lead['emailProblem'] = null,
  threshold = DATA_QUALITY_THRESHOLD,
): Lead {
  return {
    id: row.id,
    campaignId: row.campaignId,
    name: row.name,
    company: row.company,
    position: row.position,
    email: row.email,
    phone: row.phone,
    linkedinUrl: row.linkedinUrl,
    language: row.language,
    status: row.status,
    source: row.source,
    matchScore: row.matchScore,
    lastContact: row.lastContactAt?.toISOString() ?? null,
    responseRate: row.responseRate,
    enrichment: row.enrichment,
    contactId: row.contactId,
    taskId: row.taskId,
    emailProblem,
    dataQuality: row.dataQuality,
    held: !row.engagedAt && row.dataQuality < threshold,
    sequence:
      row.sequenceState === null || row.sequenceStep === null
        ? null
        : {
            step: row.sequenceStep,
            state: row.sequenceState,
            nextAt: row.sequenceState === 'waiting' ? (row.nextStepAt?.toISOString() ?? null) : null,
            stopReason: row.sequenceStopReason ?? null,
          },
    createdAt: row.createdAt.toISOString(),
  };
}

/** Leads as the API shows them, with why their address is no longer mailed. */
async function toLeads(
  db: DbOrTx,
  userId: string,
  rows: LeadRecord[],
  threshold: number | null = null,
): Promise<Lead[]> {
  if (rows.length === 0) return [];
  const [reasons, known] = await Promise.all([
    optOutReasons(
      db,
      userId,
      rows.flatMap((row) => (row.email ? [row.email] : [])),
    ),
    // Every row is one campaign's (the routes are per campaign); the list passes its threshold.
    threshold ?? campaignThreshold(db, userId, rows[0]!.campaignId),
  ]);
  return rows.map((row) =>
    toLead(row, (row.email && reasons.get(row.email.trim().toLowerCase())) || null, known),
  );
}

async function campaignThreshold(db: DbOrTx, userId: string, campaignId: string): Promise<number> {
  const [campaign] = await db
    .select({ stageConfigs: campaigns.stageConfigs })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)));
  return campaign?.stageConfigs.enrichment.data_quality_threshold ?? DATA_QUALITY_THRESHOLD;
}

/** Where a status stands in the funnel: new 0 … converted 4. */
export function leadStatusRank(status: LeadStatus): number {
  return leadStatuses.indexOf(status);
}

const STAMP_OF = {
  contacted: 'contactedAt',
  responded: 'respondedAt',
  qualified: 'qualifiedAt',
  converted: 'convertedAt',
} as const satisfies Partial<Record<LeadStatus, keyof LeadRecord>>;

type StatusStamps = Partial<Pick<LeadRecord, (typeof STAMP_OF)[keyof typeof STAMP_OF] | 'lastContactAt'>>;

/**
 * The time stamps a lead gains on reaching `status`: each step up to it that was never reached
 * before is stamped now (new → qualified stamps contacted, responded and qualified), so the
 * funnel and the chart read every step; a step already reached keeps its first time.
 */
export function statusStamps(lead: Pick<LeadRecord, keyof StatusStamps>, status: LeadStatus, now: Date) {
  const stamps: StatusStamps = {};
  for (const step of leadStatuses.slice(1, leadStatusRank(status) + 1)) {
    const column = STAMP_OF[step as keyof typeof STAMP_OF];
    if (!lead[column]) stamps[column] = now;
  }
  if (status === 'contacted') stamps.lastContactAt = now;
  return stamps;
}

/**
 * Moves a lead forward to `status` and never back: a lead already at that step or a later one
 * keeps its status (a bulk email does not undo a reply). Stamps the steps it reaches for the
 * first time and, on contacted, the last contact. Pass the transaction of the change; answers
 * the lead as it now is, or null when the user has no such lead.
 */
export async function advanceLeadStatus(
  tx: DbOrTx,
  userId: string,
  leadId: string,
  status: LeadStatus,
  now: Date,
): Promise<LeadRecord | null> {
  const [lead] = await tx
    .select()
    .from(campaignLeads)
    .where(and(eq(campaignLeads.id, leadId), eq(campaignLeads.userId, userId)))
    .for('update');
  if (!lead) return null;
  const forward = leadStatusRank(status) > leadStatusRank(lead.status);
  // A lead staying where it is still gets any step it skipped; its last contact moves only
  // when this is a contact (contacting again refreshes it even though the status stays).
  const { lastContactAt: _reached, ...stamps } = statusStamps(lead, forward ? status : lead.status, now);
  const changes: StatusStamps = { ...stamps, ...(status === 'contacted' && { lastContactAt: now }) };
  if (!forward && Object.keys(changes).length === 0) return lead;
  const [updated] = await tx
    .update(campaignLeads)
    .set({ ...(forward && { status }), ...changes, updatedAt: now })
    .where(eq(campaignLeads.id, leadId))
    .returning();
  return updated!;
}

/** The leads of one campaign that the Leads tab's status filter and search let through. */
function leadFilter(
  userId: string,
  campaignId: string,
  { status, search }: { status?: LeadStatus; search?: string },
) {
  const pattern = search ? `%${escapeLike(search)}%` : null;
  return and(
    eq(campaignLeads.campaignId, campaignId),
    eq(campaignLeads.userId, userId),
    status ? eq(campaignLeads.status, status) : undefined,
    pattern
      ? or(
          sql`${campaignLeads.name} ILIKE ${pattern} ESCAPE '\\'`,
          sql`${campaignLeads.company} ILIKE ${pattern} ESCAPE '\\'`,
          sql`${campaignLeads.email} ILIKE ${pattern} ESCAPE '\\'`,
          sql`${campaignLeads.position} ILIKE ${pattern} ESCAPE '\\'`,
        )
      : undefined,
  );
}

/**
 * One page of a campaign's leads, newest first: by cursor, a seek on campaign_leads_campaign_idx
 * (campaign_leads_campaign_status_idx with a status) after the last row shown — a search is a
 * filter on the rows the seek reads — or by offset (`page`) without one. Exported so a test can
 * read the database's plan of it.
 */
export function leadPageQuery(
  db: DbOrTx,
  userId: string,
  campaignId: string,
  {
    status,
    search,
    after,
    offset,
    limit,
  }: { status?: LeadStatus; search?: string; after: CreatedKey | null; offset: number; limit: number },
) {
  return db
    .select({ lead: campaignLeads, createdAtExact: exactTimestamp(campaignLeads.createdAt) })
    .from(campaignLeads)
    .where(
      and(
        leadFilter(userId, campaignId, { status, search }),
        createdBefore(campaignLeads.createdAt, campaignLeads.id, after),
      ),
    )
    .orderBy(desc(campaignLeads.createdAt), desc(campaignLeads.id))
    .limit(limit + 1)
    .offset(offset);
}

/**
 * The Leads tab: newest first, by status and by a search over name, company, email, position.
 * A page asked for without a cursor counts the matches, up to LEAD_COUNT_CAP: the count stops
 * there, so a 100,000-lead campaign's total costs what 10,000 do.
 */
export async function listLeads(
  ctx: AppContext,
  userId: string,
  campaignId: string,
  query: ListLeadsQuery,
): Promise<LeadPage> {
  const { status, search, cursor, page, limit } = listLeadsQuerySchema.parse(query);
  const after = readCreatedCursor(cursor);
  const campaign = await findOwnCampaign(ctx.db, userId, campaignId);
  const [rows, counted] = await Promise.all([
    leadPageQuery(ctx.db, userId, campaignId, {
      status,
      search,
      after,
      offset: after ? 0 : (page - 1) * limit,
      limit,
    }),
    after
      ? null
      : ctx.db.select({ n: count() }).from(
          ctx.db
            .select({ one: sql`1` })
            .from(campaignLeads)
            .where(leadFilter(userId, campaignId, { status, search }))
            .limit(LEAD_COUNT_CAP + 1)
            .as('matches'),
        ),
  ]);
  const shown = keysetPage(rows, limit, (row) => [row.createdAtExact, row.lead.id]);
  const threshold = campaign.stageConfigs.enrichment.data_quality_threshold;
  const matches = counted ? Number(counted[0]?.n ?? 0) : null;
  return {
    items: await toLeads(
      ctx.db,
      userId,
      shown.rows.map((row) => row.lead),
      threshold,
    ),
    nextCursor: shown.nextCursor,
    total: matches === null ? null : Math.min(matches, LEAD_COUNT_CAP),
    totalCapped: matches !== null && matches > LEAD_COUNT_CAP,
    page: after ? null : page,
    limit,
  };
}

/** A lead typed in by hand (source manual_input); the same person twice is refused. */
export async function createLead(
  ctx: AppContext,
  userId: string,
  campaignId: string,
  input: CreateLeadInput,
): Promise<Lead> {
  const data = createLeadInputSchema.parse(input);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    // Locked, so two adds of the same person cannot both pass the duplicate check.
    const campaign = await findOwnCampaign(tx, userId, campaignId, { forUpdate: true });
    assertOpen(campaign, 'adding leads');
    const lead = {
      name: data.name,
      company: data.company ?? null,
      position: data.position ?? null,
      email: data.email?.toLowerCase() ?? null,
      phone: data.phone ?? null,
      linkedinUrl: data.linkedinUrl ?? null,
      language: data.language ?? null,
    };
    const result = await insertLeads(tx, {
      userId,
      campaignId,
      source: 'manual_input',
      rows: [lead],
      now,
      scoring: campaign.stageConfigs,
    });
    if (result.inserted === 0) {
      throw new AppError(
        'conflict',
        lead.email
          ? `This campaign already has a lead with the email ${lead.email}.`
          : `This campaign already has ${lead.name}${lead.company ? ` of ${lead.company}` : ''}.`,
        { reason: 'lead_duplicate' },
      );
    }
    const [created] = await tx.select().from(campaignLeads).where(eq(campaignLeads.id, result.ids[0]!));
    return created!;
  });
  return (await toLeads(ctx.db, userId, [row]))[0]!;
}

async function findOwnLead(db: DbOrTx, userId: string, campaignId: string, leadId: string) {
  const [lead] = await db
    .select()
    .from(campaignLeads)
    .where(
      and(
        eq(campaignLeads.id, leadId),
        eq(campaignLeads.campaignId, campaignId),
        eq(campaignLeads.userId, userId),
      ),
    )
    .for('update');
  if (!lead) throw new AppError('not_found', LEAD_NOT_FOUND, { reason: 'lead_not_found' });
  return lead;
}

/**
 * The user sets a lead's status by hand, forward or back. Every step up to the new status
 * that was never reached is stamped now; going back keeps the stamps (the step was reached).
 */
export async function updateLeadStatus(
  ctx: AppContext,
  userId: string,
  campaignId: string,
  leadId: string,
  input: { status: LeadStatus },
): Promise<Lead> {
  const { status } = updateLeadStatusInputSchema.parse(input);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const lead = await findOwnLead(tx, userId, campaignId, leadId);
    const [updated] = await tx
      .update(campaignLeads)
      .set({ status, ...statusStamps(lead, status, now), updatedAt: now })
      .where(eq(campaignLeads.id, lead.id))
      .returning();
    return updated!;
  });
  return (await toLeads(ctx.db, userId, [row]))[0]!;
}

export async function deleteLead(
  ctx: AppContext,
  userId: string,
  campaignId: string,
  leadId: string,
): Promise<void> {
  const deleted = await ctx.db
    .delete(campaignLeads)
    .where(
      and(
        eq(campaignLeads.id, leadId),
        eq(campaignLeads.campaignId, campaignId),
        eq(campaignLeads.userId, userId),
      ),
    )
    .returning({ id: campaignLeads.id });
  if (deleted.length === 0) throw new AppError('not_found', LEAD_NOT_FOUND, { reason: 'lead_not_found' });
}
