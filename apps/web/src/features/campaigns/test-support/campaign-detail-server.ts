import {
  buildCampaignDraft,
  type BulkEmailInput,
  type BulkEmailResult,
  type Campaign,
  CAMPAIGN_TRANSITIONS,
  LEAD_COUNT_CAP,
  type CampaignAction,
  type CampaignAnalytics,
  canTransition,
  type CreateLeadInput,
  errorMessages,
  type GrowthCredential,
  type GrowthProvider,
  growthProviders,
  type Lead,
  type LeadCsvField,
  leadCsvFields,
  type LeadImportReport,
  type LeadStatus,
  leadStatuses,
  type MessengerConnection,
  routes as apiRoutes,
  type SequenceFigures,
  type Session,
  type UpdateCampaignInput,
  updateCampaignInputSchema,
  type WhatsAppTemplate,
  type WhatsAppTemplateList,
} from '@doppel/contracts';
import { errorReply, makeSession, fakeRoute, OK_REPLY } from '@/test-support/fake-api';
import { signedInRoutes, type ServerRoutes } from '@/test-support/render-with-providers';

export const CAMPAIGN_ID = '55555555-0000-4000-8000-000000000001';
let counter = 0;
const leadUuid = (n: number) => `66666666-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A campaign as GET /api/campaigns/:id returns it: the wizard's draft of an investor search. */
export function makeCampaign(overrides: Partial<Campaign> = {}): Campaign {
  const draft = buildCampaignDraft({
    goal: 'raise_funding',
    name: 'Seed Round Investors',
    description: 'Find angels and seed funds that back B2B AI tools.',
    sources: ['csv_upload', 'google_sheets', 'apollo_search'],
    targetContactCount: 100,
    tools: ['clearbit', 'hunter'],
    channels: ['linkedin', 'email', 'whatsapp', 'phone', 'direct_mail'],
  });
  return {
    id: CAMPAIGN_ID,
    name: draft.name,
    type: draft.campaign_type,
    goal: 'raise_funding',
    status: 'active',
    description: draft.description,
    progress: 45,
    currentStage: 'enrichment',
    stageCompletion: { extraction: true, enrichment: false, engagement: false },
    stageConfigs: draft.stage_configs,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-05T09:00:00.000Z',
    metrics: {
      leads_found: 1234,
      leads_contacted: 40,
      leads_responded: 10,
      leads_qualified: 6,
      leads_converted: 2,
      response_rate: 25,
      cost_per_lead: 0.5,
    },
    budget: { total: 200, spent: 61.5, daily: 7 },
    ai_config: {
      model: 'gpt-4o-mini',
      model_id: null,
      personalization: 'high',
      temperature: 0.7,
      max_tokens: 2000,
      tokens_used: 61_500,
      avg_cost_per_message: 1.2,
    },
    platforms: draft.stage_configs.engagement.channels,
    dates: { start: '2026-03-02T09:00:00.000Z', end: null },
    run: {
      state: 'idle',
      stage: 'enrichment',
      notes: [],
      error: null,
      updatedAt: '2026-03-05T09:00:00.000Z',
    },
    isSample: false,
    ...overrides,
  };
}

/** The campaign with some of its outreach settings changed (sequence, account type, limit). */
export function withEngagement(
  campaign: Campaign,
  engagement: Partial<Campaign['stageConfigs']['engagement']>,
): Campaign {
  return {
    ...campaign,
    stageConfigs: {
      ...campaign.stageConfigs,
      engagement: { ...campaign.stageConfigs.engagement, ...engagement },
    },
  };
}

export function makeLead(overrides: Partial<Lead> = {}): Lead {
  counter++;
  return {
    id: leadUuid(counter),
    campaignId: CAMPAIGN_ID,
    name: `Lead ${counter}`,
    company: null,
    position: null,
    email: null,
    phone: null,
    linkedinUrl: null,
    language: null,
    status: 'new',
    source: 'csv_upload',
    matchScore: 50,
    lastContact: null,
    responseRate: null,
    enrichment: {},
    contactId: null,
    taskId: null,
    emailProblem: null,
    dataQuality: 80,
    held: false,
    sequence: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export const sampleAnalytics = (): CampaignAnalytics => ({
  leadsOverTime: [
    { date: '2026-03-01', found: 10, contacted: 0 },
    { date: '2026-03-02', found: 25, contacted: 8 },
    { date: '2026-03-03', found: 40, contacted: 20 },
  ],
  funnel: [
    { stage: 'found', count: 40, conversionRate: null },
    { stage: 'contacted', count: 20, conversionRate: 50 },
    { stage: 'responded', count: 5, conversionRate: 25 },
    { stage: 'qualified', count: 2, conversionRate: 40 },
    { stage: 'converted', count: 1, conversionRate: 50 },
  ],
});

/** A campaign's sequence figures before anything went out: no steps, no stops, nothing held. */
export const emptySequence = (): SequenceFigures => ({
  steps: [],
  stopped: {},
  held: 0,
  sentToday: 0,
  dailySendLimit: 25,
});

/**
 * Figures of a running sequence with two follow-ups: the first message out to 40 leads, some
 * skips for each reason, replies, stops, held leads and today's sends of the AI assistant.
 */
export const sampleSequence = (): SequenceFigures => ({
  steps: [
    { step: 0, waiting: 5, awaitingApproval: 2, sent: 40, skipped: 0, skippedBy: {}, replied: 6 },
    {
      step: 1,
      waiting: 12,
      awaitingApproval: 3,
      sent: 18,
      skipped: 4,
      skippedBy: { touch_budget: 2, no_address: 1, opted_out: 1 },
      replied: 3,
    },
    {
      step: 2,
      waiting: 9,
      awaitingApproval: 0,
      sent: 7,
      skipped: 1,
      skippedBy: { send_failed: 1 },
      replied: 1,
    },
  ],
  stopped: { replied: 10, unsubscribed: 2, bounced: 1 },
  held: 7,
  sentToday: 12,
  dailySendLimit: 40,
});

/** A tiny CSV reader for the fake: commas, no quotes. */
function readCsv(csv: string): string[][] {
  return csv
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => line.split(',').map((cell) => cell.trim()));
}

const HEADER_ALIASES: Record<LeadCsvField, string[]> = {
  name: ['name', 'full name'],
  company: ['company', 'organization'],
  position: ['position', 'title'],
  email: ['email', 'e-mail'],
  phone: ['phone'],
  linkedinUrl: ['linkedin'],
  language: ['language'],
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const WHATSAPP_CONNECTION_ID = '77777777-0000-4000-8000-000000000001';

/** Two approved templates as GET /api/messengers/:id/whatsapp-templates lists them. */
export const sampleWhatsAppTemplates = (): WhatsAppTemplate[] => [
  {
    name: 'intro_offer',
    language: 'en_US',
    category: 'MARKETING',
    parameterFormat: 'positional',
    header: 'News for {{1}}',
    body: 'Hi {{1}}, this is {{2}}. Shall we talk?',
    footer: 'Reply STOP to opt out',
    variables: [
      { component: 'header', key: '1', example: 'Acme' },
      { component: 'body', key: '1', example: 'Ann' },
      { component: 'body', key: '2', example: 'Ada from Doppel' },
    ],
  },
  {
    name: 'plain_hello',
    language: 'de',
    category: 'UTILITY',
    parameterFormat: 'positional',
    header: null,
    body: 'Hallo! Haben Sie kurz Zeit?',
    footer: null,
    variables: [],
  },
];

/** The user's WhatsApp connection as GET /api/messengers lists it. */
export function makeWhatsAppConnection(hints: Record<string, string> = {}): MessengerConnection {
  return {
    id: WHATSAPP_CONNECTION_ID,
    platform: 'whatsapp',
    username: 'Ada Outreach (+1 555 0100)',
    isConnected: true,
    permissions: ['read_messages', 'send_messages'],
    lastSyncAt: null,
    health: { status: 'ok', checkedAt: null, error: null },
    credentialHints: { phone_number_id: '1098765', access_token: '••••0001', ...hints },
    inbound: { url: `http://doppel.test/webhooks/whatsapp/${WHATSAPP_CONNECTION_ID}`, registered: false },
    mailbox: null,
    isSample: false,
    createdAt: '2026-03-01T09:00:00.000Z',
  };
}

/**
 * A fake of the campaign detail routes over one campaign and its leads, answering like the
 * server: status actions follow CAMPAIGN_TRANSITIONS (409 otherwise), a duplicate email is a 409,
 * CSV rows without a name or with a bad email are rejected with their line, bulk email needs a
 * connected mailbox (409 mailbox_required otherwise), leaves out leads without an address or
 * whose address bounced or unsubscribed, and queues the rest (a lead becomes contacted only once
 * the mail server accepts its mail, which this fake never does), and provider keys come back
 * only as masked hints.
 */
export function campaignDetailServer({
  campaign: initialCampaign = makeCampaign(),
  leads: initialLeads = [],
  analytics = sampleAnalytics(),
  credentials: initialCredentials = [],
  mailbox = true,
  sequence = emptySequence(),
  whatsApp = { connected: true, templates: { hasBusinessAccount: true, items: sampleWhatsAppTemplates() } },
  session = makeSession(),
}: {
  campaign?: Campaign;
  leads?: Lead[];
  analytics?: CampaignAnalytics;
  credentials?: GrowthCredential[];
  /** Whether the user has a mailbox connected with sending allowed. */
  mailbox?: boolean;
  /** What GET /api/campaigns/:id/sequence answers ('error': a 500). */
  sequence?: SequenceFigures | 'error';
  /** The user's WhatsApp connection and what its templates route answers ('error': a 502). */
  whatsApp?: { connected: boolean; templates: WhatsAppTemplateList | 'error' };
  session?: Session;
} = {}) {
  const state = {
    campaign: { ...initialCampaign },
    leads: [...initialLeads],
    credentials: [...initialCredentials],
    /** Keys as they arrived, so a test can check they never come back. */
    savedKeys: new Map<GrowthProvider, string>(),
    /** The leads whose bulk email waits in the user's mailbox queue. */
    queuedEmails: [] as string[],
    /** The sequence figures the server answers; a test may change them between reads. */
    sequence,
    deleted: false,
  };
  const findLead = (id: string) => state.leads.find((lead) => lead.id === id);

  const routes: ServerRoutes = {
    ...signedInRoutes(session),
    // The settings' choice of model: the user has none of their own.
    ...fakeRoute(apiRoutes.ai.listModels, {
      body: { items: [], defaultModelId: 'offline', temperature: 0.7 },
    }),
    ...fakeRoute(apiRoutes.campaigns.get, { id: state.campaign.id }, () =>
      state.deleted ? errorReply(404, 'not_found', 'Campaign not found') : { body: state.campaign },
    ),
    ...fakeRoute(apiRoutes.campaigns.update, { id: state.campaign.id }, ({ body }) => {
      // Like the server: the contract checks the body, and each problem is named by its path.
      const checked = updateCampaignInputSchema.safeParse(body);
      if (!checked.success) {
        const fields: Record<string, string> = {};
        for (const issue of checked.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
        return errorReply(400, 'validation_failed', errorMessages.validation_failed, { fields });
      }
      const input = body as UpdateCampaignInput;
      const campaign = state.campaign;
      const configs = structuredClone(campaign.stageConfigs);
      if (input.sources) configs.extraction.sources = input.sources;
      if (input.sourceConfigs) configs.extraction.source_configs = input.sourceConfigs;
      if (input.targetContactCount) configs.extraction.target_contact_count = input.targetContactCount;
      if (input.filters) configs.extraction.filters = { ...configs.extraction.filters, ...input.filters };
      if (input.tools) configs.enrichment.tools = input.tools;
      if (input.channels) configs.engagement.channels = input.channels;
      if (input.messageTemplate !== undefined)
        configs.engagement.message_templates = input.messageTemplate ? [input.messageTemplate] : [];
      if (input.followUpSequence) configs.engagement.follow_up_sequence = checked.data.followUpSequence ?? [];
      if (input.accountType) configs.engagement.account_type = input.accountType;
      if (input.dailySendLimit !== undefined) configs.engagement.daily_send_limit = input.dailySendLimit;
      if (input.dataQualityThreshold !== undefined)
        configs.enrichment.data_quality_threshold = input.dataQualityThreshold;
      if (input.whatsAppTemplate !== undefined) {
        // Like the server: the choice is kept with the approved template's texts.
        const choice = input.whatsAppTemplate;
        const found =
          choice && whatsApp.templates !== 'error'
            ? whatsApp.templates.items.find(
                (item) => item.name === choice.name && item.language === choice.language,
              )
            : undefined;
        if (choice && !found)
          return errorReply(400, 'whatsapp_template_invalid', errorMessages.whatsapp_template_invalid);
        configs.engagement.channel_configs = {
          ...configs.engagement.channel_configs,
          whatsapp: {
            template:
              choice && found
                ? {
                    name: found.name,
                    language: found.language,
                    category: found.category,
                    parameter_format: found.parameterFormat,
                    header: found.header,
                    body: found.body,
                    variables: choice.variables,
                  }
                : null,
          },
        };
      }
      state.campaign = {
        ...campaign,
        name: input.name ?? campaign.name,
        description: input.description ?? campaign.description,
        budget: {
          ...campaign.budget,
          ...(input.totalBudget && { total: input.totalBudget, daily: Math.round(input.totalBudget / 30) }),
          // A daily budget of its own wins over the one the total gives.
          ...(input.dailyBudget && { daily: input.dailyBudget }),
        },
        ai_config: (({ model, ...rest }) => ({
          ...campaign.ai_config,
          ...rest,
          ...(model !== undefined && { model_id: model }),
        }))(input.aiConfig ?? {}),
        platforms: input.channels ?? campaign.platforms,
        stageConfigs: configs,
      };
      return { body: state.campaign };
    }),
    ...fakeRoute(apiRoutes.campaigns.changeStatus, { id: state.campaign.id }, ({ body }) => {
      const { action } = body as { action: CampaignAction };
      if (!canTransition(state.campaign.status, action))
        return errorReply(409, 'conflict', `A ${state.campaign.status} campaign cannot ${action}.`);
      state.campaign = { ...state.campaign, status: CAMPAIGN_TRANSITIONS[action].to };
      return { body: state.campaign };
    }),
    ...fakeRoute(apiRoutes.campaigns.retry, { id: state.campaign.id }, () => {
      if (state.campaign.status !== 'active' || state.campaign.run.state !== 'failed')
        return errorReply(409, 'conflict', 'The campaign’s run has not failed.');
      state.campaign = { ...state.campaign, run: { ...state.campaign.run, state: 'running', error: null } };
      return { body: state.campaign };
    }),
    ...fakeRoute(apiRoutes.campaigns.delete, { id: state.campaign.id }, () => {
      state.deleted = true;
      return OK_REPLY;
    }),
    ...fakeRoute(apiRoutes.campaigns.leads, { id: state.campaign.id }, ({ query }) => {
      const status = query.get('status') as LeadStatus | null;
      const search = query.get('search')?.toLowerCase();
      const cursor = query.get('cursor');
      const limit = Number(query.get('limit') ?? 100);
      const matching = state.leads.filter(
        (lead) =>
          (!status || lead.status === status) &&
          (!search ||
            `${lead.name} ${lead.company ?? ''} ${lead.email ?? ''}`.toLowerCase().includes(search)),
      );
      // As the server pages: after the lead the cursor names (here, by its id), the count on
      // the first page only, up to LEAD_COUNT_CAP.
      const start = cursor ? matching.findIndex((lead) => lead.id === cursor) + 1 : 0;
      const items = matching.slice(start, start + limit);
      return {
        body: {
          items,
          nextCursor: start + limit < matching.length ? items.at(-1)!.id : null,
          total: cursor ? null : Math.min(matching.length, LEAD_COUNT_CAP),
          totalCapped: !cursor && matching.length > LEAD_COUNT_CAP,
          page: cursor ? null : 1,
          limit,
        },
      };
    }),
    ...fakeRoute(apiRoutes.campaigns.createLead, { id: state.campaign.id }, ({ body }) => {
      const input = body as CreateLeadInput;
      const email = input.email ? input.email.toLowerCase() : null;
      if (email && state.leads.some((lead) => lead.email === email))
        return errorReply(409, 'conflict', 'This campaign already has a lead with that email.');
      const lead = makeLead({
        name: input.name.trim(),
        company: input.company || null,
        position: input.position || null,
        email,
        phone: input.phone || null,
        linkedinUrl: input.linkedinUrl || null,
        source: 'manual_input',
      });
      state.leads.unshift(lead);
      return { status: 201, body: lead };
    }),
    ...fakeRoute(apiRoutes.campaigns.leadCsvHeaders, { id: state.campaign.id }, ({ body }) => {
      const [headers = []] = readCsv((body as { csv: string }).csv);
      const suggested: Partial<Record<LeadCsvField, string>> = {};
      // Like the server: the usual header names, and no guess at all without a name column.
      for (const field of leadCsvFields) {
        const header = headers.find((candidate) => HEADER_ALIASES[field].includes(candidate.toLowerCase()));
        if (header) suggested[field] = header;
      }
      return { body: { headers, suggestedMapping: suggested.name ? suggested : null } };
    }),
    ...fakeRoute(apiRoutes.campaigns.importLeads, { id: state.campaign.id }, ({ body }) => {
      const { csv, mapping } = body as { csv: string; mapping: Partial<Record<LeadCsvField, string>> };
      const [headers = [], ...rows] = readCsv(csv);
      const report: LeadImportReport = { imported: 0, duplicates: 0, rejected: [] };
      rows.forEach((row, index) => {
        const read = (field: LeadCsvField) => {
          const column = mapping[field] ? headers.indexOf(mapping[field]) : -1;
          return column === -1 ? '' : (row[column] ?? '');
        };
        const line = index + 2;
        const name = read('name');
        const email = read('email').toLowerCase();
        if (!name)
          return report.rejected.push({
            row: line,
            reason: 'Name is empty.',
            problem: 'empty',
            field: 'name',
          });
        if (email && !EMAIL.test(email))
          return report.rejected.push({
            row: line,
            reason: `"${email}" is not an email address.`,
            problem: 'not_email',
            field: 'email',
            value: email,
          });
        if (email && state.leads.some((lead) => lead.email === email)) return report.duplicates++;
        const lead = makeLead({
          name,
          email: email || null,
          company: read('company') || null,
          position: read('position') || null,
        });
        state.leads.push(lead);
        report.imported++;
      });
      return { body: report };
    }),
    ...fakeRoute(apiRoutes.campaigns.bulkEmail, { id: state.campaign.id }, ({ body }) => {
      if (!mailbox) return errorReply(409, 'mailbox_required', errorMessages.mailbox_required);
      const input = body as BulkEmailInput;
      const result: BulkEmailResult = { queued: 0, skipped: [] };
      for (const id of input.leadIds) {
        const lead = findLead(id);
        if (!lead) continue;
        const reason = !lead.email ? 'no_email' : lead.emailProblem;
        if (reason) {
          result.skipped.push({ leadId: lead.id, name: lead.name, reason });
          continue;
        }
        result.queued++;
        state.queuedEmails.push(lead.id);
      }
      return { body: result };
    }),
    ...fakeRoute(apiRoutes.campaigns.callList, { id: state.campaign.id }, () => ({
      rawBody: `name,company,position,phone,email,status,match\r\n${state.leads
        .map((lead) =>
          [lead.name, lead.company, lead.position, lead.phone, lead.email, lead.status, lead.matchScore].join(
            ',',
          ),
        )
        .join('\r\n')}\r\n`,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="call-list.csv"; filename*=UTF-8''Seed%20Round%20Investors%20-%20call%20list.csv`,
      },
    })),
    ...fakeRoute(apiRoutes.campaigns.analytics, { id: state.campaign.id }, () => ({ body: analytics })),
    ...fakeRoute(apiRoutes.campaigns.sequence, { id: state.campaign.id }, () =>
      state.sequence === 'error' ? errorReply(500, 'internal') : { body: state.sequence },
    ),
    ...fakeRoute(apiRoutes.growth.credentials, () => ({ body: state.credentials })),
    ...fakeRoute(apiRoutes.messengers.list, {
      body: { items: whatsApp.connected ? [makeWhatsAppConnection({ business_account_id: '2098765' })] : [] },
    }),
    ...fakeRoute(apiRoutes.messengers.whatsAppTemplates, { id: WHATSAPP_CONNECTION_ID }, () =>
      whatsApp.templates === 'error'
        ? errorReply(
            502,
            'messenger_failed',
            'WhatsApp did not list the message templates: (#200) Permissions error',
          )
        : { body: whatsApp.templates },
    ),
    ...fakeRoute(apiRoutes.campaigns.updateLeadStatus, ({ params, body }) => {
      const found = params.id === state.campaign.id ? findLead(params.leadId) : undefined;
      if (!found) return errorReply(404, 'not_found', 'Lead not found');
      const { status } = body as { status: LeadStatus };
      if (!leadStatuses.includes(status)) return errorReply(400, 'validation_failed', 'Bad status');
      found.status = status;
      return { body: found };
    }),
    ...fakeRoute(apiRoutes.campaigns.deleteLead, ({ params }) => {
      const found = params.id === state.campaign.id ? findLead(params.leadId) : undefined;
      if (!found) return errorReply(404, 'not_found', 'Lead not found');
      state.leads.splice(state.leads.indexOf(found), 1);
      return OK_REPLY;
    }),
    ...fakeRoute(apiRoutes.growth.saveCredential, ({ params: { provider }, body }) => {
      if (!growthProviders.includes(provider)) return errorReply(404, 'not_found', 'Not found');
      const { apiKey } = body as { apiKey: string };
      if (apiKey.trim().length < 8) return errorReply(400, 'validation_failed', 'The key is too short.');
      state.savedKeys.set(provider, apiKey);
      const credential: GrowthCredential = {
        provider,
        hint: `••••${apiKey.trim().slice(-4)}`,
        updatedAt: new Date().toISOString(),
      };
      state.credentials = [...state.credentials.filter((item) => item.provider !== provider), credential];
      return { body: credential };
    }),
    ...fakeRoute(apiRoutes.growth.deleteCredential, ({ params: { provider } }) => {
      state.credentials = state.credentials.filter((item) => item.provider !== provider);
      return OK_REPLY;
    }),
  };

  return {
    state,
    routes,
  };
}
