import { z } from 'zod';
import { csvRejectedRowSchema } from './errors';
import {
  fillWhatsAppText,
  WHATSAPP_LANGUAGE_CODE_PATTERN,
  WHATSAPP_TEMPLATE_NAME_PATTERN,
  whatsAppParameterFormats,
  whatsAppTemplateComponents,
  type WhatsAppTemplateComponent,
} from './messengers';

/**
 * Growth: campaigns and their leads. The wizard's constants and formulas live here, in one tested module,
 * so the web wizard shows exactly the figures the server stores.
 */

export const campaignTypes = [
  'investor_search',
  'partner_search',
  'client_search',
  'talent_search',
  'vendor_search',
  'lead_generation',
  'brand_awareness',
  'content_promotion',
] as const;
export const campaignTypeSchema = z.enum(campaignTypes);
export type CampaignType = z.infer<typeof campaignTypeSchema>;

export const campaignStatuses = ['draft', 'active', 'paused', 'completed', 'cancelled'] as const;
export const campaignStatusSchema = z.enum(campaignStatuses);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

export const campaignStages = ['extraction', 'enrichment', 'engagement'] as const;
export const campaignStageSchema = z.enum(campaignStages);
export type CampaignStage = z.infer<typeof campaignStageSchema>;

export const leadStatuses = ['new', 'contacted', 'responded', 'qualified', 'converted'] as const;
export const leadStatusSchema = z.enum(leadStatuses);
export type LeadStatus = z.infer<typeof leadStatusSchema>;

// ── Wizard constants ──────────────────────────────────────────────────────────────

export const WIZARD_STEPS = ['goal', 'extraction', 'enrichment', 'engagement', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
export const TARGET_CONTACTS_DEFAULT = 100;
export const TARGET_CONTACTS_RESET = 50;
export const TARGET_CONTACTS_MIN = 10;
export const TARGET_CONTACTS_MAX = 10_000;
export const TARGET_CONTACTS_RECOMMENDED = { min: 100, max: 500 } as const;
export const DATA_QUALITY_THRESHOLD = 80;
/** Progress thirds. */
export const STAGE_THRESHOLDS = { enrichment: 33, engagement: 66 } as const;
export const DAYS_PER_BUDGET_PERIOD = 30;
export const EXPECTED_DURATION_WEEKS = { min: 2, max: 4 } as const;
/** The card shows at most this many source icons. */
export const MAX_CARD_SOURCE_ICONS = 3;

/** One goal per campaign type, in the order the wizard shows them (issue 22: all eight). */
export const campaignGoals = [
  'raise_funding',
  'find_partners',
  'acquire_customers',
  'hire_talent',
  'find_vendors',
  'generate_leads',
  'build_brand',
  'promote_content',
] as const;
export const campaignGoalSchema = z.enum(campaignGoals);
export type CampaignGoal = z.infer<typeof campaignGoalSchema>;

export interface GoalTemplate {
  id: CampaignGoal;
  campaignType: CampaignType;
  /** Suggested budget in thousands of tokens; the daily budget is this ÷ 30, rounded. */
  suggestedBudget: number;
}
/** Goal templates in the order the wizard shows them. */
export const GOAL_TEMPLATES: readonly GoalTemplate[] = [
  { id: 'raise_funding', campaignType: 'investor_search', suggestedBudget: 200 },
  { id: 'find_partners', campaignType: 'partner_search', suggestedBudget: 150 },
  { id: 'acquire_customers', campaignType: 'client_search', suggestedBudget: 300 },
  { id: 'hire_talent', campaignType: 'talent_search', suggestedBudget: 100 },
  { id: 'find_vendors', campaignType: 'vendor_search', suggestedBudget: 100 },
  { id: 'generate_leads', campaignType: 'lead_generation', suggestedBudget: 250 },
  { id: 'build_brand', campaignType: 'brand_awareness', suggestedBudget: 150 },
  { id: 'promote_content', campaignType: 'content_promotion', suggestedBudget: 120 },
];

export const campaignSources = [
  'pipedrive',
  'inner_crm',
  'csv_upload',
  'google_sheets',
  'linkedin_search',
  'web_deep_search',
  'apollo_search',
  'manual_input',
] as const;
export const campaignSourceSchema = z.enum(campaignSources);
export type CampaignSource = z.infer<typeof campaignSourceSchema>;

export const sourceGroups = ['crm_systems', 'file_import', 'platform_search', 'manual_entry'] as const;
export type SourceGroup = (typeof sourceGroups)[number];

export interface SourceInfo {
  id: CampaignSource;
  group: SourceGroup;
  /** Proper name, used in the stored campaign name. */
  label: string;
  /**
   * How extraction reads it: 'ready' needs nothing more; 'credential' needs the user's API
   * key for the provider; 'url' needs a sheet's CSV export address; 'unavailable' has no open
   * API we can call (LinkedIn search, deep web search), so the run says so.
   */
  access: 'ready' | 'credential' | 'url' | 'unavailable';
}
export const CONTACT_SOURCES: readonly SourceInfo[] = [
  { id: 'pipedrive', group: 'crm_systems', label: 'Pipedrive', access: 'credential' },
  { id: 'inner_crm', group: 'crm_systems', label: 'Inner CRM', access: 'ready' },
  { id: 'csv_upload', group: 'file_import', label: 'CSV Upload', access: 'ready' },
  { id: 'google_sheets', group: 'file_import', label: 'Google Sheets', access: 'url' },
  { id: 'linkedin_search', group: 'platform_search', label: 'LinkedIn Search', access: 'unavailable' },
  { id: 'web_deep_search', group: 'platform_search', label: 'Web Deep Search', access: 'unavailable' },
  { id: 'apollo_search', group: 'platform_search', label: 'Apollo Search', access: 'credential' },
  { id: 'manual_input', group: 'manual_entry', label: 'Manual Input', access: 'ready' },
];

export const enrichmentToolIds = [
  'clearbit',
  'zoominfo',
  'hunter',
  'lusha',
  'people_data_labs',
  'snov',
  'rocketreach',
] as const;
export const enrichmentToolSchema = z.enum(enrichmentToolIds);
export type EnrichmentTool = z.infer<typeof enrichmentToolSchema>;

export interface EnrichmentToolInfo {
  id: EnrichmentTool;
  label: string;
  /** US dollars per enriched contact. */
  costPerContact: number;
  /** Percent. */
  accuracy: number;
  /**
   * 'real': Doppel calls the provider's API with the user's key (without a saved key the run
   * simulates it, and says so); 'simulated': no adapter exists, every value is made up and
   * badged, never used to reach anyone. The wizard says which before launch.
   */
  adapter: 'real' | 'simulated';
}
/** The seven contact-data providers with the spec's costs and accuracies, in its order. */
export const ENRICHMENT_TOOLS: readonly EnrichmentToolInfo[] = [
  { id: 'clearbit', label: 'Clearbit', costPerContact: 0.1, accuracy: 92, adapter: 'simulated' },
  { id: 'zoominfo', label: 'ZoomInfo', costPerContact: 0.25, accuracy: 95, adapter: 'simulated' },
  { id: 'hunter', label: 'Hunter.io', costPerContact: 0.05, accuracy: 89, adapter: 'real' },
  { id: 'lusha', label: 'Lusha', costPerContact: 0.2, accuracy: 93, adapter: 'real' },
  {
    id: 'people_data_labs',
    label: 'People Data Labs',
    costPerContact: 0.15,
    accuracy: 97,
    adapter: 'real',
  },
  { id: 'snov', label: 'Snov.io', costPerContact: 0.08, accuracy: 85, adapter: 'real' },
  { id: 'rocketreach', label: 'RocketReach', costPerContact: 0.12, accuracy: 88, adapter: 'real' },
];

export const outreachChannelIds = [
  'linkedin',
  'email',
  'whatsapp',
  'facebook',
  'phone',
  'direct_mail',
] as const;
export const outreachChannelSchema = z.enum(outreachChannelIds);
export type OutreachChannel = z.infer<typeof outreachChannelSchema>;

export type SetupDifficulty = 'easy' | 'medium' | 'hard';
export interface OutreachChannelInfo {
  id: OutreachChannel;
  label: string;
  /** Expected response rate, percent. */
  responseRate: { min: number; max: number };
  /** Shown easy green, medium yellow, hard red. */
  setupDifficulty: SetupDifficulty;
}
export const OUTREACH_CHANNELS: readonly OutreachChannelInfo[] = [
  { id: 'linkedin', label: 'LinkedIn', responseRate: { min: 15, max: 25 }, setupDifficulty: 'medium' },
  { id: 'email', label: 'Email', responseRate: { min: 8, max: 15 }, setupDifficulty: 'easy' },
  { id: 'whatsapp', label: 'WhatsApp', responseRate: { min: 35, max: 45 }, setupDifficulty: 'medium' },
  { id: 'facebook', label: 'Facebook', responseRate: { min: 12, max: 20 }, setupDifficulty: 'medium' },
  { id: 'phone', label: 'Phone', responseRate: { min: 25, max: 40 }, setupDifficulty: 'hard' },
  { id: 'direct_mail', label: 'Direct Mail', responseRate: { min: 5, max: 10 }, setupDifficulty: 'hard' },
];

// ── Formulas ─────────────────────────────────────────────────────────────────────

function byId<T extends { id: string }>(list: readonly T[], id: string): T {
  const found = list.find((item) => item.id === id);
  if (!found) throw new Error(`Unknown id ${id}`);
  return found;
}

export function goalTemplate(goal: CampaignGoal): GoalTemplate {
  return byId(GOAL_TEMPLATES, goal);
}

/** Clamps a typed target count into 10–10000; a blank or non-numeric entry gives the minimum. */
export function clampTargetCount(value: number): number {
  if (!Number.isFinite(value)) return TARGET_CONTACTS_MIN;
  return Math.min(TARGET_CONTACTS_MAX, Math.max(TARGET_CONTACTS_MIN, Math.round(value)));
}

export function isTargetCountValid(value: number): boolean {
  return Number.isInteger(value) && value >= TARGET_CONTACTS_MIN && value <= TARGET_CONTACTS_MAX;
}

export function isTargetCountRecommended(value: number): boolean {
  return value >= TARGET_CONTACTS_RECOMMENDED.min && value <= TARGET_CONTACTS_RECOMMENDED.max;
}

/** Dollars per contact for the chosen tools: the sum of their per-contact costs. */
export function enrichmentCostPerContact(tools: readonly EnrichmentTool[]): number {
  // Summed in tenths of a cent so 0.1 + 0.2 is 0.3, not 0.30000000000000004.
  const mills = tools.reduce(
    (sum, id) => sum + Math.round(byId(ENRICHMENT_TOOLS, id).costPerContact * 1000),
    0,
  );
  return mills / 1000;
}

/** Enrichment cost estimate: per-contact cost × target count, in dollars. */
export function enrichmentCostEstimate(tools: readonly EnrichmentTool[], targetCount: number): number {
  return Math.round(enrichmentCostPerContact(tools) * 1000 * targetCount) / 1000;
}

/** The estimate as the wizard shows it: total with 2 decimals, per contact with 3. */
export function formatEnrichmentEstimate(
  tools: readonly EnrichmentTool[],
  targetCount: number,
): { total: string; perContact: string } {
  return {
    total: enrichmentCostEstimate(tools, targetCount).toFixed(2),
    perContact: enrichmentCostPerContact(tools).toFixed(3),
  };
}

/**
 * Daily budget = suggested budget ÷ 30, rounded — at least 1 (thousand tokens): the daily budget
 * is enforced (issue 22), and a small total must not leave a campaign no model at all.
 */
export function dailyBudget(totalBudget: number): number {
  return Math.max(1, Math.round(totalBudget / DAYS_PER_BUDGET_PERIOD));
}

/** Budget per contact = total budget ÷ target count, kept to 3 decimals. */
export function budgetPerContact(totalBudget: number, targetCount: number): number {
  return Math.round((totalBudget / targetCount) * 1000) / 1000;
}

/** The stage a progress figure stands in: below 33 extraction, below 66 enrichment. */
export function stageForProgress(progress: number): CampaignStage {
  if (progress < STAGE_THRESHOLDS.enrichment) return 'extraction';
  if (progress < STAGE_THRESHOLDS.engagement) return 'enrichment';
  return 'engagement';
}

/** Wizard steps are bounded at the first and last. */
export function nextWizardStep(index: number): number {
  return Math.min(WIZARD_STEPS.length - 1, index + 1);
}
export function previousWizardStep(index: number): number {
  return Math.max(0, index - 1);
}
/** 'Step N of 5, X% complete' — X is N ÷ 5 as a whole percent. */
export function wizardPercent(index: number): number {
  return Math.round(((index + 1) / WIZARD_STEPS.length) * 100);
}

/** The stored name: 'title: sources → enrichment → channels', sources joined by '+'. */
export function campaignDisplayName(
  title: string,
  sources: readonly CampaignSource[],
  tools: readonly EnrichmentTool[],
  channels: readonly OutreachChannel[],
): string {
  const labels = <T extends { id: string; label: string }>(list: readonly T[], ids: readonly string[]) =>
    ids.map((id) => byId(list, id).label);
  return `${title.trim()}: ${labels(CONTACT_SOURCES, sources).join('+')} → ${labels(
    ENRICHMENT_TOOLS,
    tools,
  ).join('+')} → ${labels(OUTREACH_CHANNELS, channels).join('+')}`;
}

/** The part of the name the card shows: before the first colon. */
export function campaignTitle(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(0, colon);
}

// ── Sequences, sending account ────────────────────────────────────

/**
 * Who sends a campaign's messages (the review step): 'personal' — every message is a task the
 * user approves and sends; 'ai_assistant' — the twin sends them itself, within the campaign's
 * daily send limit and the user's touch budget, and the task records what went out.
 */
export const accountTypes = ['personal', 'ai_assistant'] as const;
export const accountTypeSchema = z.enum(accountTypes);
export type AccountType = z.infer<typeof accountTypeSchema>;

/** Channels a follow-up step can use; 'same' is the one the lead was first reached on. */
export const sequenceChannels = ['same', 'email', 'whatsapp', 'linkedin'] as const;
export const sequenceChannelSchema = z.enum(sequenceChannels);
export type SequenceChannel = z.infer<typeof sequenceChannelSchema>;

export const SEQUENCE_MAX_STEPS = 5;
export const SEQUENCE_WAIT_DAYS = { min: 1, max: 90, default: 3 } as const;
/** Messages the twin sends for one campaign per day (ai_assistant), first touches and steps together. */
export const DAILY_SEND_LIMIT = { min: 1, max: 500, default: 25 } as const;

/**
 * One follow-up: wait `afterDays` after the previous message went out, then write on `channel` —
 * the template (placeholders {name}, {company}, {position}) or an AI draft.
 */
export const sequenceStepSchema = z
  .object({
    afterDays: z
      .number()
      .int()
      .min(SEQUENCE_WAIT_DAYS.min, 'waitDaysRange')
      .max(SEQUENCE_WAIT_DAYS.max, 'waitDaysRange'),
    channel: sequenceChannelSchema.default('same'),
    content: z.enum(['ai', 'template']).default('template'),
    template: z.string().max(5000).default(''),
  })
  .refine((step) => step.content === 'ai' || step.template.trim().length > 0, {
    message: 'stepTemplateRequired',
    path: ['template'],
  });
export type SequenceStep = z.infer<typeof sequenceStepSchema>;
export type SequenceStepInput = z.input<typeof sequenceStepSchema>;

/** Why a lead left its sequence before the last step. */
export const sequenceStopReasons = ['replied', 'unsubscribed', 'bounced', 'campaign_ended'] as const;
export type SequenceStopReason = (typeof sequenceStopReasons)[number];

/** Why a step was skipped for a lead (the next step still comes). */
export const stepSkipReasons = [
  /** The person had their touches for the last 7 days (the user's touch budget). */
  'touch_budget',
  /** The lead has no address on the step's channel. */
  'no_address',
  /** The address opted out or bounced. */
  'opted_out',
  /** The message could not be sent (the task keeps it, with Retry). */
  'send_failed',
  /** The first message's task was deleted before the twin could send it. */
  'task_deleted',
] as const;
export type StepSkipReason = (typeof stepSkipReasons)[number];

/** The Overview's figures for one message of the sequence (step 0 is the first message). */
export const sequenceStepFiguresSchema = z.object({
  step: z.number().int(),
  /** Leads this step is still to come for (waiting for its day). */
  waiting: z.number().int(),
  /** Tasks made for the user to approve and not sent yet. */
  awaitingApproval: z.number().int(),
  /** The twin's emails on their way: queued, the mail server has not taken them yet. */
  sending: z.number().int().optional(),
  sent: z.number().int(),
  skipped: z.number().int(),
  /** Skips per reason. */
  skippedBy: z.partialRecord(z.enum(stepSkipReasons), z.number().int()),
  /** Leads that replied after this step's message and before the next. */
  replied: z.number().int(),
});
export type SequenceStepFigures = z.infer<typeof sequenceStepFiguresSchema>;

export const sequenceFiguresSchema = z.object({
  steps: z.array(sequenceStepFiguresSchema),
  /** Leads that left the sequence, per reason. */
  stopped: z.partialRecord(z.enum(sequenceStopReasons), z.number().int()),
  /** Leads below the data-quality threshold, held back from outreach. */
  held: z.number().int(),
  /** Messages the twin sent today for this campaign, and its daily limit (ai_assistant). */
  sentToday: z.number().int(),
  dailySendLimit: z.number().int(),
});
export type SequenceFigures = z.infer<typeof sequenceFiguresSchema>;

// ── Wizard payload and the stored draft ────────────────────────────

const unique = <T extends z.ZodType>(item: T, message: string) =>
  z
    .array(item)
    .min(1, message)
    .max(20)
    .refine((list) => new Set(list).size === list.length, 'duplicates');

/** What the wizard sends on Launch; the server computes everything else from it. */
export const createCampaignInputSchema = z
  .object({
    goal: campaignGoalSchema,
    /** The campaign title the user typed on the review step. */
    name: z.string().trim().min(1, 'campaignNameRequired').max(200),
    /** The goal's description in the user's language, kept as the campaign's description. */
    description: z.string().trim().max(2000).default(''),
    sources: unique(campaignSourceSchema, 'sourceRequired'),
    targetContactCount: z
      .number()
      .int()
      .min(TARGET_CONTACTS_MIN, 'targetCountRange')
      .max(TARGET_CONTACTS_MAX, 'targetCountRange'),
    tools: unique(enrichmentToolSchema, 'toolRequired'),
    channels: unique(outreachChannelSchema, 'channelRequired'),
    /** Who sends (the review step). */
    accountType: accountTypeSchema.default('personal'),
  })
  .strict();
export type CreateCampaignInput = z.input<typeof createCampaignInputSchema>;

export const extractionFiltersSchema = z.object({
  job_titles: z.array(z.string().max(200)).max(50),
  company_sizes: z.array(z.string().max(50)).max(20),
  industries: z.array(z.string().max(200)).max(50),
  locations: z.array(z.string().max(200)).max(50),
  seniority_levels: z.array(z.string().max(50)).max(20),
});

/** Per-source settings that are not secrets (secrets live in growth credentials). */
export const sourceConfigSchema = z
  .object({
    /** google_sheets: the sheet's CSV export address. */
    url: z.url().max(2000),
    /** apollo_search / pipedrive: a search phrase (titles, keywords). */
    query: z.string().max(500),
  })
  .partial()
  .strict();

// ── WhatsApp template outreach (docs/decisions/034) ─────────────────────────────────

/**
 * What a template variable can be filled with from the lead: the first word of its name, its
 * whole name, its company or its position.
 */
export const templateLeadFields = ['first_name', 'name', 'company', 'position'] as const;
export type TemplateLeadField = (typeof templateLeadFields)[number];
/** Lead fields a lead may lack: a variable filled from one says what to write instead. */
export const OPTIONAL_TEMPLATE_LEAD_FIELDS: readonly TemplateLeadField[] = ['company', 'position'];
/** Graph refuses long parameters; a variable is a name or a short phrase. */
export const TEMPLATE_VARIABLE_MAX = 200;

const variableSlot = {
  component: z.enum(whatsAppTemplateComponents),
  key: z.string().regex(/^\w{1,100}$/),
};

/** One variable of the chosen template: a fixed text, or a lead field (with a fallback where it may be empty). */
export const campaignTemplateVariableSchema = z.discriminatedUnion('source', [
  z
    .object({
      ...variableSlot,
      source: z.literal('text'),
      text: z.string().trim().min(1, 'templateValueRequired').max(TEMPLATE_VARIABLE_MAX, 'tooLong'),
    })
    .strict(),
  z
    .object({
      ...variableSlot,
      source: z.literal('lead'),
      field: z.enum(templateLeadFields),
      fallback: z.string().trim().max(TEMPLATE_VARIABLE_MAX, 'tooLong').optional(),
    })
    .strict()
    .refine(
      (variable) => !OPTIONAL_TEMPLATE_LEAD_FIELDS.includes(variable.field) || Boolean(variable.fallback),
      {
        message: 'templateFallbackRequired',
        path: ['fallback'],
      },
    ),
]);
export type CampaignTemplateVariable = z.infer<typeof campaignTemplateVariableSchema>;

/**
 * The campaign's approved WhatsApp template for opening conversations, as the server found it on
 * the account when it was chosen (its texts kept, to record what each lead was sent).
 */
export const whatsAppOutreachTemplateSchema = z.object({
  name: z.string().max(512),
  language: z.string().max(20),
  category: z.string().max(50),
  parameter_format: z.enum(whatsAppParameterFormats),
  header: z.string().max(2000).nullable(),
  body: z.string().max(5000),
  /** In the order Graph expects: the header's, then the body's. */
  variables: z.array(campaignTemplateVariableSchema).max(20),
});
export type WhatsAppOutreachTemplate = z.infer<typeof whatsAppOutreachTemplateSchema>;

/** Settings: the template chosen (by name and language) and how each of its variables is filled. */
export const whatsAppTemplateChoiceSchema = z
  .object({
    name: z.string().regex(WHATSAPP_TEMPLATE_NAME_PATTERN, 'templateInvalid'),
    language: z.string().regex(WHATSAPP_LANGUAGE_CODE_PATTERN, 'templateInvalid'),
    variables: z
      .array(campaignTemplateVariableSchema)
      .max(20)
      .refine(
        (list) => new Set(list.map((item) => `${item.component}:${item.key}`)).size === list.length,
        'duplicates',
      ),
  })
  .strict();
export type WhatsAppTemplateChoice = z.input<typeof whatsAppTemplateChoiceSchema>;

type TemplateLead = { name: string; company: string | null; position: string | null };

/** Graph refuses new lines, tabs and runs of spaces in a parameter. */
function parameterText(value: string): string {
  return value.replace(/\s+/g, ' ').trim().slice(0, TEMPLATE_VARIABLE_MAX);
}

/** The text a variable takes for a lead; '' when the lead lacks it and there is no fallback. */
export function templateVariableValue(variable: CampaignTemplateVariable, lead: TemplateLead): string {
  if (variable.source === 'text') return parameterText(variable.text);
  const name = parameterText(lead.name);
  const value =
    variable.field === 'first_name'
      ? (name.split(' ')[0] ?? '')
      : variable.field === 'name'
        ? name
        : parameterText(lead[variable.field] ?? '');
  return value || parameterText(variable.fallback ?? '');
}

/** The template's parameters for a lead, per component, keyed as in the template. */
export function templateParameters(
  template: Pick<WhatsAppOutreachTemplate, 'variables'>,
  lead: TemplateLead,
): { component: WhatsAppTemplateComponent; key: string; text: string }[] {
  return template.variables.map((variable) => ({
    component: variable.component,
    key: variable.key,
    text: templateVariableValue(variable, lead),
  }));
}

/** What the lead reads: the header (when there is one) and the body, variables filled. */
export function renderOutreachTemplate(
  template: Pick<WhatsAppOutreachTemplate, 'header' | 'body' | 'variables'>,
  lead: TemplateLead,
): string {
  const values = (component: WhatsAppTemplateComponent) =>
    Object.fromEntries(
      templateParameters(template, lead)
        .filter((parameter) => parameter.component === component)
        .map((parameter) => [parameter.key, parameter.text]),
    );
  const body = fillWhatsAppText(template.body, values('body'));
  return template.header ? `${fillWhatsAppText(template.header, values('header'))}\n\n${body}` : body;
}

const noChannelConfig = z.object({}).strict().optional();

export const stageConfigsSchema = z.object({
  extraction: z.object({
    sources: z.array(campaignSourceSchema),
    source_configs: z.partialRecord(campaignSourceSchema, sourceConfigSchema),
    target_contact_count: z.number().int(),
    filters: extractionFiltersSchema,
    data_quality_requirements: z.object({
      email_required: z.boolean(),
      phone_required: z.boolean(),
      linkedin_required: z.boolean(),
      company_required: z.boolean(),
    }),
  }),
  enrichment: z.object({
    tools: z.array(enrichmentToolSchema),
    tool_configs: z.partialRecord(enrichmentToolSchema, z.object({}).strict()),
    required_fields: z.array(z.string()),
    nice_to_have_fields: z.array(z.string()),
    auto_enrichment: z.boolean(),
    budget_per_contact: z.number(),
    data_quality_threshold: z.number(),
    enrichment_priorities: z.array(z.string()),
  }),
  engagement: z.object({
    channels: z.array(outreachChannelSchema),
    channel_configs: z
      .object({
        linkedin: noChannelConfig,
        email: noChannelConfig,
        /** The approved template that opens conversations outside WhatsApp's 24-hour window. */
        whatsapp: z
          .object({ template: whatsAppOutreachTemplateSchema.nullable() })
          .partial()
          .strict()
          .optional(),
        facebook: noChannelConfig,
        phone: noChannelConfig,
        direct_mail: noChannelConfig,
      })
      .strict(),
    account_type: accountTypeSchema,
    personalization_level: z.enum(['low', 'medium', 'high']),
    message_templates: z.array(z.string().max(5000)).max(20),
    /** The follow-ups after the first message, in order (docs/decisions/041). */
    follow_up_sequence: z.array(sequenceStepSchema).max(SEQUENCE_MAX_STEPS),
    /** ai_assistant: at most this many messages a day (absent in older campaigns: the default). */
    daily_send_limit: z.number().int().min(DAILY_SEND_LIMIT.min).max(DAILY_SEND_LIMIT.max).optional(),
    automation_rules: z.array(z.string().max(500)).max(20),
  }),
});
export type StageConfigs = z.infer<typeof stageConfigsSchema>;

export const stageCompletionSchema = z.object({
  extraction: z.boolean(),
  enrichment: z.boolean(),
  engagement: z.boolean(),
});
export type StageCompletion = z.infer<typeof stageCompletionSchema>;

export interface CampaignDraft {
  name: string;
  campaign_type: CampaignType;
  description: string;
  current_stage: CampaignStage;
  total_budget: number;
  daily_budget: number;
  status: 'draft';
  progress: 0;
  stage_completion_status: StageCompletion;
  stage_configs: StageConfigs;
}

/** The whole draft the wizard's Launch creates, from its payload. */
export function buildCampaignDraft(input: CreateCampaignInput): CampaignDraft {
  const data = createCampaignInputSchema.parse(input);
  const template = goalTemplate(data.goal);
  const total = template.suggestedBudget;
  return {
    name: campaignDisplayName(data.name, data.sources, data.tools, data.channels),
    campaign_type: template.campaignType,
    description: data.description,
    current_stage: 'extraction',
    total_budget: total,
    daily_budget: dailyBudget(total),
    status: 'draft',
    progress: 0,
    stage_completion_status: { extraction: false, enrichment: false, engagement: false },
    stage_configs: {
      extraction: {
        sources: data.sources,
        source_configs: {},
        target_contact_count: data.targetContactCount,
        filters: { job_titles: [], company_sizes: [], industries: [], locations: [], seniority_levels: [] },
        data_quality_requirements: {
          email_required: true,
          phone_required: false,
          linkedin_required: true,
          company_required: true,
        },
      },
      enrichment: {
        tools: data.tools,
        tool_configs: {},
        required_fields: ['email', 'company', 'job_title'],
        nice_to_have_fields: ['phone', 'social_profiles', 'company_size'],
        auto_enrichment: true,
        budget_per_contact: budgetPerContact(total, data.targetContactCount),
        data_quality_threshold: DATA_QUALITY_THRESHOLD,
        enrichment_priorities: ['email', 'company', 'job_title'],
      },
      engagement: {
        channels: data.channels,
        channel_configs: {},
        account_type: data.accountType,
        personalization_level: 'high',
        message_templates: [],
        follow_up_sequence: [],
        daily_send_limit: DAILY_SEND_LIMIT.default,
        automation_rules: [],
      },
    },
  };
}

// ── Campaigns and leads as the API returns them ─────────────────────────────────────────

export const campaignMetricsSchema = z.object({
  leads_found: z.number().int(),
  leads_contacted: z.number().int(),
  leads_responded: z.number().int(),
  leads_qualified: z.number().int(),
  leads_converted: z.number().int(),
  /** Percent of contacted leads that responded, one decimal. */
  response_rate: z.number(),
  /** Thousands of tokens spent per lead found; 0 with no leads. */
  cost_per_lead: z.number(),
});
export type CampaignMetrics = z.infer<typeof campaignMetricsSchema>;

/**
 * Why a run note's source or tool gave less than asked (or nothing), as a code the web app words
 * in the user's language; the note's English `detail` says the same for API clients. The
 * provider or service is the note's subject.
 */
export const campaignRunProblems = [
  // Extraction, outcome 'imported'.
  /** Count 0: the campaign already holds its target number of leads. */
  'target_reached',
  /** `skipped` rows of the sheet had no name, or an email that is not an address. */
  'rows_skipped',
  // Extraction, outcome 'failed'.
  /** Apollo search has no search phrase and no job titles to search for. */
  'apollo_needs_query',
  /** The sheet's first row names no column of names. */
  'sheet_no_name_column',
  /** The sheet's text is not CSV. */
  'sheet_not_csv',
  /** The Google Sheets address is not a link. */
  'sheet_invalid_link',
  /** The address is not http(s), or is on a private or local network. */
  'sheet_address_refused',
  /** The sheet is larger than a lead file may be. */
  'sheet_too_large',
  /** The sheet's address answered with an error, or redirected too many times. */
  'sheet_unreadable',
  /** The address answered a web page (Google's sign-in page): the sheet is not shared by link. */
  'sheet_not_shared',
  // A provider's (or the sheet's) answer, in extraction and enrichment, outcome 'failed'.
  /** 401: the user's API key (Pipedrive: API token) was refused. */
  'credential_refused',
  /** 402: the provider account has no credits left. */
  'no_credits',
  /** 403: the key has no access (permissions, plan). */
  'access_refused',
  /** 429: the provider is limiting requests. */
  'rate_limited',
  /** 5xx: the provider answered with an error (`httpStatus`). */
  'provider_error',
  /** Another 4xx: the provider refused the request (`httpStatus`). */
  'request_refused',
  /** No answer in time. */
  'timeout',
  /** Could not be reached. */
  'unreachable',
  /** An answer that could not be read. */
  'unreadable_answer',
] as const;
export const campaignRunProblemSchema = z.enum(campaignRunProblems);
export type CampaignRunProblem = z.infer<typeof campaignRunProblemSchema>;

/** Why a run failed, as a code the web app words; the run's English `error` says the same. */
export const campaignRunErrorCodes = [
  /** The run's job failed for good (an unexpected error). */
  'stopped_unexpectedly',
  /** Extraction read every source and the campaign has no lead: the notes say why. */
  'no_leads',
  /** Every enrichment tool refused the user's key (or has no credits): the notes say why. */
  'no_enrichment_tool',
] as const;
export const campaignRunErrorCodeSchema = z.enum(campaignRunErrorCodes);
export type CampaignRunErrorCode = z.infer<typeof campaignRunErrorCodeSchema>;

/** Where a run stands: what the durable stage job is doing or last did. */
export const campaignRunSchema = z.object({
  state: z.enum(['idle', 'running', 'failed']),
  stage: campaignStageSchema.nullable(),
  /** Per source or tool, what happened on the last run (imported counts, or why not). */
  notes: z.array(
    z.object({
      stage: campaignStageSchema,
      subject: z.string(),
      /** i18n-free code the web app turns into a sentence: imported, needs_credential, needs_url, unavailable, failed, simulated, enriched, tasks_created, budget_spent (subject 'ai': the token budget is spent, drafts are the offline engine's and no model is called). */
      outcome: z.string(),
      count: z.number().int().optional(),
      /** The same as `problem` in English, for API clients (runs stored before codes have only this). */
      detail: z.string().max(500).optional(),
      /** Why, as a code the web app words; absent when all went well (and in older runs). */
      problem: campaignRunProblemSchema.optional(),
      /** rows_skipped: how many rows were skipped. */
      skipped: z.number().int().optional(),
      /** provider_error, request_refused: the provider's HTTP status. */
      httpStatus: z.number().int().optional(),
    }),
  ),
  /** The same as `errorCode` in English, for API clients (runs stored before codes have only this). */
  error: z.string().max(500).nullable(),
  /** Why the run failed, as a code the web app words; absent without an error (and in older runs). */
  errorCode: campaignRunErrorCodeSchema.optional(),
  updatedAt: z.string().nullable(),
});
export type CampaignRun = z.infer<typeof campaignRunSchema>;

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: campaignTypeSchema,
  goal: campaignGoalSchema.nullable(),
  status: campaignStatusSchema,
  description: z.string(),
  /** 0–100, follows stage completion. */
  progress: z.number().int(),
  currentStage: campaignStageSchema,
  stageCompletion: stageCompletionSchema,
  stageConfigs: stageConfigsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  metrics: campaignMetricsSchema,
  /** Thousands of tokens. */
  budget: z.object({ total: z.number(), spent: z.number(), daily: z.number() }),
  ai_config: z.object({
    /** The name of the model the campaign's drafts are written with. */
    model: z.string(),
    /**
     * The campaign's own choice of model: 'offline', 'server' or the id of one of the user's
     * models; null drafts with the user's main model.
     */
    model_id: z.string().nullable(),
    personalization: z.string(),
    temperature: z.number(),
    max_tokens: z.number().int(),
    tokens_used: z.number().int(),
    avg_cost_per_message: z.number(),
  }),
  /** The outreach channels, as the spec's 'platforms'. */
  platforms: z.array(outreachChannelSchema),
  dates: z.object({ start: z.string().nullable(), end: z.string().nullable() }),
  run: campaignRunSchema,
  isSample: z.boolean(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const listCampaignsQuerySchema = z
  .object({
    search: z.string().trim().max(200).optional(),
    type: campaignTypeSchema.optional(),
    status: campaignStatusSchema.optional(),
  })
  .strict();
export type ListCampaignsQuery = z.input<typeof listCampaignsQuerySchema>;

export const campaignListSchema = z.object({
  items: z.array(campaignSchema),
  /** Counts over all the user's campaigns (before the search and filters): the chips. */
  counts: z.object({
    total: z.number().int(),
    byType: z.record(campaignTypeSchema, z.number().int()),
    /** The status chips' counts. */
    byStatus: z.record(campaignStatusSchema, z.number().int()),
  }),
});
export type CampaignList = z.infer<typeof campaignListSchema>;

/** Settings: what the detail's Settings dialog may change. */
export const updateCampaignInputSchema = z
  .object({
    name: z.string().trim().min(1, 'campaignNameRequired').max(400),
    description: z.string().trim().max(2000),
    totalBudget: z.number().min(1).max(1_000_000),
    targetContactCount: z
      .number()
      .int()
      .min(TARGET_CONTACTS_MIN, 'targetCountRange')
      .max(TARGET_CONTACTS_MAX, 'targetCountRange'),
    sources: unique(campaignSourceSchema, 'sourceRequired'),
    sourceConfigs: z.partialRecord(campaignSourceSchema, sourceConfigSchema),
    tools: unique(enrichmentToolSchema, 'toolRequired'),
    channels: unique(outreachChannelSchema, 'channelRequired'),
    messageTemplate: z.string().max(5000),
    /** The follow-ups after the first message; [] removes them. */
    followUpSequence: z.array(sequenceStepSchema).max(SEQUENCE_MAX_STEPS, 'tooManySteps'),
    accountType: accountTypeSchema,
    dailySendLimit: z
      .number()
      .int()
      .min(DAILY_SEND_LIMIT.min, 'dailySendLimitRange')
      .max(DAILY_SEND_LIMIT.max, 'dailySendLimitRange'),
    /** Thousands of tokens a day the campaign's drafting may spend. */
    dailyBudget: z.number().min(1).max(1_000_000),
    /** Leads whose data quality is below this are held back from outreach (0–100). */
    dataQualityThreshold: z.number().int().min(0, 'thresholdRange').max(100, 'thresholdRange'),
    /**
     * The approved WhatsApp template for conversation-opening outreach (docs/decisions/034); null
     * removes it. The server checks it against the account's approved templates.
     */
    whatsAppTemplate: whatsAppTemplateChoiceSchema.nullable(),
    filters: extractionFiltersSchema.partial(),
    aiConfig: z
      .object({
        /** 'offline', 'server' or one of the user's model ids; null: the user's main model. */
        model: z.string().trim().min(1).max(64).nullable(),
        personalization: z.enum(['low', 'medium', 'high']),
        temperature: z.number().min(0).max(1),
        max_tokens: z.number().int().min(64).max(32_000),
      })
      .partial(),
  })
  .partial()
  .strict();
export type UpdateCampaignInput = z.input<typeof updateCampaignInputSchema>;

/** Status actions: Start (draft/paused → active), Pause, Complete, Cancel. */
export const campaignActions = ['start', 'pause', 'complete', 'cancel'] as const;
export const campaignActionSchema = z.enum(campaignActions);
export type CampaignAction = z.infer<typeof campaignActionSchema>;
export const changeCampaignStatusInputSchema = z.object({ action: campaignActionSchema }).strict();

/** Which status each action leads to, and from which statuses it is allowed. */
export const CAMPAIGN_TRANSITIONS: Record<
  CampaignAction,
  { from: readonly CampaignStatus[]; to: CampaignStatus }
> = {
  start: { from: ['draft', 'paused'], to: 'active' },
  pause: { from: ['active'], to: 'paused' },
  complete: { from: ['active', 'paused'], to: 'completed' },
  cancel: { from: ['draft', 'active', 'paused'], to: 'cancelled' },
};

export function canTransition(status: CampaignStatus, action: CampaignAction): boolean {
  return CAMPAIGN_TRANSITIONS[action].from.includes(status);
}

/** An enriched field's value, and whether a simulated provider made it up. */
export const enrichedValueSchema = z.object({
  value: z.string(),
  provider: z.string(),
  simulated: z.boolean(),
});
export type EnrichedValue = z.infer<typeof enrichedValueSchema>;

export const leadSchema = z.object({
  id: z.string(),
  campaignId: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  position: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  language: z.string().nullable(),
  status: leadStatusSchema,
  source: campaignSourceSchema,
  /** 0–100: how well the lead fits the campaign's filters and requirements. */
  matchScore: z.number().int(),
  lastContact: z.string().nullable(),
  responseRate: z.number().nullable(),
  /** Fields enrichment added, keyed by field name (email, phone, company_size, …). */
  enrichment: z.record(z.string(), enrichedValueSchema),
  contactId: z.string().nullable(),
  taskId: z.string().nullable(),
  /**
   * Why the lead's address is no longer mailed: bounced (a delivery-status notification said it
   * does not exist) or unsubscribed (its owner opted out of the user's campaign mail).
   */
  emailProblem: z.enum(['bounced', 'unsubscribed']).nullable(),
  /**
   * 0–100: the share of the fields the campaign requires (80%) and of the five contact fields
   * (20%) the lead has; the data-quality threshold is compared with it.
   */
  dataQuality: z.number().int(),
  /** Held back from outreach: its data quality is below the campaign's threshold (and it has none yet). */
  held: z.boolean(),
  /** Where the lead is in the campaign's sequence; null before its first message is out. */
  sequence: z
    .object({
      /** The next step (1 is the first follow-up), or the last one done when finished or stopped. */
      step: z.number().int(),
      state: z.enum(['waiting', 'awaiting_approval', 'finished', 'stopped']),
      /** When the next step comes (waiting). */
      nextAt: z.string().nullable(),
      stopReason: z.enum(sequenceStopReasons).nullable(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

/** The Leads tab counts its matches up to this many; beyond, it says "more than". */
export const LEAD_COUNT_CAP = 10_000;

/**
 * The Leads tab, newest first. It pages by cursor (the last row's sort key), so a deep page
 * costs what the first does; `cursor` is the nextCursor of the page before, and with one `page`
 * is ignored. `page` (offset paging) stays for clients that page by number.
 */
export const listLeadsQuerySchema = z
  .object({
    status: leadStatusSchema.optional(),
    search: z.string().trim().max(200).optional(),
    cursor: z.string().max(500).optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .strict();
export type ListLeadsQuery = z.input<typeof listLeadsQuerySchema>;

export const leadPageSchema = z.object({
  items: z.array(leadSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Leads that match, up to LEAD_COUNT_CAP; null on the pages asked for by cursor. */
  total: z.number().int().nullable(),
  /** More than `total` match (the count stopped at LEAD_COUNT_CAP). */
  totalCapped: z.boolean(),
  /** The page number asked for; null when paging by cursor. */
  page: z.number().int().nullable(),
  limit: z.number().int(),
});
export type LeadPage = z.infer<typeof leadPageSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

export const createLeadInputSchema = z
  .object({
    name: z.string().trim().min(1, 'leadNameRequired').max(200),
    company: optionalText(200),
    position: optionalText(200),
    email: z
      .union([z.literal(''), z.email('invalidEmail').max(320)])
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional(),
    phone: optionalText(50),
    linkedinUrl: optionalText(500),
    language: z.string().min(2).max(10).nullable().optional(),
  })
  .strict();
export type CreateLeadInput = z.input<typeof createLeadInputSchema>;

export const updateLeadStatusInputSchema = z.object({ status: leadStatusSchema }).strict();

/** The lead fields a CSV column can be mapped to. */
export const leadCsvFields = [
  'name',
  'company',
  'position',
  'email',
  'phone',
  'linkedinUrl',
  'language',
] as const;
export type LeadCsvField = (typeof leadCsvFields)[number];

export const LEAD_CSV_MAX_BYTES = 5 * 1024 * 1024;
export const LEAD_CSV_MAX_ROWS = 10_000;

export const importLeadsCsvInputSchema = z
  .object({
    csv: z.string().min(1, 'csvRequired').max(LEAD_CSV_MAX_BYTES, 'csvTooLarge'),
    /** Lead field → the CSV header it is read from; name is required. */
    mapping: z
      .object({ name: z.string().min(1, 'nameColumnRequired') })
      .catchall(z.string())
      .refine(
        (mapping) => Object.keys(mapping).every((key) => (leadCsvFields as readonly string[]).includes(key)),
        'unknownField',
      ),
  })
  .strict();
export type ImportLeadsCsvInput = z.input<typeof importLeadsCsvInputSchema>;

export const leadImportReportSchema = z.object({
  imported: z.number().int(),
  /** Rows already among the campaign's leads (same email, or same name and company). */
  duplicates: z.number().int(),
  rejected: z.array(csvRejectedRowSchema),
});
export type LeadImportReport = z.infer<typeof leadImportReportSchema>;

export const bulkEmailInputSchema = z
  .object({
    leadIds: z.array(z.uuid()).min(1, 'leadsRequired').max(500),
    subject: z.string().trim().min(1, 'subjectRequired').max(300),
    /** Placeholders {name}, {company}, {position} are filled per lead. */
    body: z.string().trim().min(1, 'bodyRequired').max(20_000),
  })
  .strict();
export type BulkEmailInput = z.input<typeof bulkEmailInputSchema>;

/** Why Bulk Email left a lead out. */
export const bulkEmailSkipReasons = ['no_email', 'bounced', 'unsubscribed', 'touch_budget'] as const;

/**
 * Bulk Email sends from the user's connected mailbox, one queued mail per lead; a lead is
 * marked contacted once the mail server accepted its mail (docs/decisions/031).
 */
export const bulkEmailResultSchema = z.object({
  queued: z.number().int(),
  /** Leads left as they were, each with the reason. */
  skipped: z.array(z.object({ leadId: z.string(), name: z.string(), reason: z.enum(bulkEmailSkipReasons) })),
});
export type BulkEmailResult = z.infer<typeof bulkEmailResultSchema>;

export const campaignAnalyticsSchema = z.object({
  /** One point per day from the first lead to today (at most 90 days). */
  leadsOverTime: z.array(
    z.object({ date: z.string(), found: z.number().int(), contacted: z.number().int() }),
  ),
  funnel: z.array(
    z.object({
      stage: leadStatusSchema.or(z.literal('found')),
      count: z.number().int(),
      /** Percent of the previous step that reached this one; null for the first. */
      conversionRate: z.number().nullable(),
    }),
  ),
});
export type CampaignAnalytics = z.infer<typeof campaignAnalyticsSchema>;

/** Outside services the Growth area reads with the user's own keys. */
export const growthProviders = [
  'pipedrive',
  'apollo',
  'hunter',
  'people_data_labs',
  'lusha',
  'snov',
  'rocketreach',
] as const;
export const growthProviderSchema = z.enum(growthProviders);
export type GrowthProvider = z.infer<typeof growthProviderSchema>;

export const growthCredentialSchema = z.object({
  provider: growthProviderSchema,
  /** Masked hint (last 4 characters); the key itself is never returned. */
  hint: z.string(),
  updatedAt: z.string(),
});
export type GrowthCredential = z.infer<typeof growthCredentialSchema>;

export const saveGrowthCredentialInputSchema = z
  .object({ apiKey: z.string().trim().min(8, 'apiKeyTooShort').max(500) })
  .strict();

export const campaignIdParamsSchema = z.object({ id: z.uuid() });
export const leadIdParamsSchema = z.object({ id: z.uuid(), leadId: z.uuid() });

export const growthProviderParamsSchema = z.object({ provider: growthProviderSchema });
export const growthCredentialListSchema = z.array(growthCredentialSchema);

/** The first step of the lead CSV import: the CSV alone, to read its header row. */
export const csvHeadersInputSchema = z.object({ csv: importLeadsCsvInputSchema.shape.csv }).strict();
export const csvHeadersSchema = z.object({
  headers: z.array(z.string()),
  /** Lead field → header; null when no column looks like a name. */
  suggestedMapping: z.partialRecord(z.enum(leadCsvFields), z.string()).nullable(),
});
export type CsvHeaders = z.infer<typeof csvHeadersSchema>;

/**
 * The unsubscribe link of campaign mail (`/unsubscribe?token=…` in the web app, and the one-click
 * List-Unsubscribe address `POST /api/unsubscribe?token=…`, RFC 8058). The token names the user
 * and the address; it is signed, so it cannot be made for another address.
 */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(16).max(1000) }).strict();
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

export const unsubscribeInfoSchema = z.object({
  /** The address the link was sent to. */
  address: z.string(),
  /** Whose mail it stops: the user's sender name, else their address. */
  sender: z.string(),
  /** Whether the address has already opted out. */
  unsubscribed: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;
