import type {
  SequenceStopReason,
  StepSkipReason,
  CampaignGoal,
  CampaignRun,
  CampaignSource,
  EnrichedValue,
  StageCompletion,
  StageConfigs,
} from '@doppel/contracts';
import {
  campaignStages,
  campaignStatuses,
  campaignTypes,
  growthProviders,
  leadStatuses,
} from '@doppel/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { contacts } from './contacts';
import { tasks } from './tasks';
import { users } from './users';

/** The campaign's AI settings; figures that follow usage are computed. */
export interface CampaignAiSettings {
  /** The campaign's model: 'offline', 'server' or a user's model id; absent or null: the main model. */
  model?: string | null;
  personalization: 'low' | 'medium' | 'high';
  temperature: number;
  max_tokens: number;
}

/** Lead-generation campaigns, one user's each. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: campaignTypes }).notNull(),
    goal: text('goal').$type<CampaignGoal>(),
    status: text('status', { enum: campaignStatuses }).notNull().default('draft'),
    description: text('description').notNull().default(''),
    progress: integer('progress').notNull().default(0),
    currentStage: text('current_stage', { enum: campaignStages }).notNull().default('extraction'),
    stageCompletion: jsonb('stage_completion').$type<StageCompletion>().notNull(),
    stageConfigs: jsonb('stage_configs').$type<StageConfigs>().notNull(),
    /** Thousands of tokens. */
    totalBudget: doublePrecision('total_budget').notNull(),
    dailyBudget: doublePrecision('daily_budget').notNull(),
    aiSettings: jsonb('ai_settings').$type<CampaignAiSettings>().notNull(),
    run: jsonb('run').$type<CampaignRun>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * When a run slice took the campaign (null: none working on it). One slice at a time per
     * campaign across processes; a claim older than the slice lease is a dead process's.
     */
    sliceClaimedAt: timestamp('slice_claimed_at', { withTimezone: true }),
    /** Demo sandboxes' sample campaigns, labelled as sample wherever they show. */
    isSample: boolean('is_sample').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('campaigns_user_created_idx').on(table.userId, table.createdAt)],
);

/** People a campaign found; status timestamps feed the funnel and the chart. */
export const campaignLeads = pgTable(
  'campaign_leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    company: text('company'),
    position: text('position'),
    email: text('email'),
    phone: text('phone'),
    linkedinUrl: text('linkedin_url'),
    language: text('language'),
    status: text('status', { enum: leadStatuses }).notNull().default('new'),
    source: text('source').$type<CampaignSource>().notNull(),
    /** The source's own id (Pipedrive person id, Apollo id, contact id), for de-duplication. */
    externalId: text('external_id'),
    matchScore: integer('match_score').notNull().default(0),
    /** 0–100: the share of the required and nice-to-have fields it has (the quality threshold's measure). */
    dataQuality: integer('data_quality').notNull().default(0),
    responseRate: doublePrecision('response_rate'),
    enrichment: jsonb('enrichment').$type<Record<string, EnrichedValue>>().notNull().default({}),
    enrichedAt: timestamp('enriched_at', { withTimezone: true }),
    /** The contact and outreach task engagement made for the lead. */
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    /**
     * When engagement made the lead's outreach task: set once, so a task the user deleted is not
     * made again on the next Start.
     */
    engagedAt: timestamp('engaged_at', { withTimezone: true }),
    /**
     * The sequence (docs/decisions/041): the step to come (0 is the first message) while waiting
     * or awaiting approval; the last step reached once finished or stopped. Null before the lead
     * enters it.
     */
    sequenceStep: integer('sequence_step'),
    sequenceState: text('sequence_state', {
      enum: ['waiting', 'awaiting_approval', 'finished', 'stopped'],
    }),
    /** Waiting: when the step is due. */
    nextStepAt: timestamp('next_step_at', { withTimezone: true }),
    sequenceStopReason: text('sequence_stop_reason').$type<SequenceStopReason>(),
    lastContactAt: timestamp('last_contact_at', { withTimezone: true }),
    contactedAt: timestamp('contacted_at', { withTimezone: true }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    qualifiedAt: timestamp('qualified_at', { withTimezone: true }),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The Leads tab, newest first with id as the tie-breaker: a page is a seek at any depth.
    index('campaign_leads_campaign_idx').on(table.campaignId, table.createdAt, table.id),
    index('campaign_leads_campaign_status_idx').on(table.campaignId, table.status, table.createdAt, table.id),
    index('campaign_leads_contact_idx').on(table.contactId),
    // The sequence job's due leads of a campaign.
    index('campaign_leads_due_step_idx')
      .on(table.campaignId, table.nextStepAt)
      .where(sql`${table.sequenceState} = 'waiting'`),
    uniqueIndex('campaign_leads_external_idx').on(table.campaignId, table.source, table.externalId),
  ],
);

/**
 * What each message of a lead's sequence became: a task for the user's approval, sent (or on its
 * way: an email the mail server has not taken yet), or skipped with the reason. One row per lead
 * and step, so a retried job never makes a step twice.
 */
export const campaignLeadSteps = pgTable(
  'campaign_lead_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => campaignLeads.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    outcome: text('outcome', { enum: ['awaiting_approval', 'sending', 'sent', 'skipped'] }).notNull(),
    skipReason: text('skip_reason').$type<StepSkipReason>(),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    /** Sent by the twin itself (ai_assistant): counts against the campaign's daily send limit. */
    automatic: boolean('automatic').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('campaign_lead_steps_lead_step_idx').on(table.leadId, table.step),
    index('campaign_lead_steps_campaign_idx').on(table.campaignId, table.step),
    index('campaign_lead_steps_task_idx').on(table.taskId),
  ],
);

/**
 * Campaign messages that reached a person (a contact), from any campaign and channel: the touch
 * budget counts them over the last 7 days. Written when a message is sent (message.sent).
 */
export const campaignTouches = pgTable(
  'campaign_touches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    /** What went out: the email's Message-ID, else the task's id. */
    message: text('message').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  // One per message: a redelivered message.sent adds nothing.
  (table) => [
    uniqueIndex('campaign_touches_message_idx').on(table.userId, table.contactId, table.message, table.at),
  ],
);

/** The user's keys for lead sources and enrichment providers, sealed by the secret box. */
export const growthCredentials = pgTable(
  'growth_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: growthProviders }).notNull(),
    /** AES-256-GCM envelope with this row's id as associated data; never returned. */
    secret: text('secret').notNull(),
    hint: text('hint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('growth_credentials_user_provider_idx').on(table.userId, table.provider)],
);

/**
 * Addresses no campaign of the user mails again: their owner unsubscribed, or mail to them
 * bounced for good. Addresses are stored lower-cased.
 */
export const emailOptOuts = pgTable(
  'email_opt_outs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    reason: text('reason', { enum: ['unsubscribed', 'bounced'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.address] })],
);
