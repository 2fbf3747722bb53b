import {
  buildCampaignDraft,
  type Campaign,
  CAMPAIGN_TRANSITIONS,
  campaignActionSchema,
  type CampaignList,
  type CampaignStatus,
  campaignStatuses,
  type CampaignType,
  campaignTypes,
  canTransition,
  type CreateCampaignInput,
  createCampaignInputSchema,
  type GrowthCredential,
  type GrowthProvider,
  routes as apiRoutes,
} from '@doppel/contracts';
import { errorReply, fakeRoute, OK_REPLY } from '@/test-support/fake-api';
import { signedInRoutes, type ServerRoutes } from '@/test-support/render-with-providers';

let counter = 0;
const uuid = (n: number) => `44444444-0000-4000-8000-${String(n).padStart(12, '0')}`;

const WIZARD_DEFAULTS: CreateCampaignInput = {
  goal: 'raise_funding',
  name: 'Seed Round',
  description: 'Find seed investors.',
  sources: ['csv_upload'],
  targetContactCount: 100,
  tools: ['clearbit'],
  channels: ['email'],
};

/**
 * A campaign as the server returns it, built from a wizard payload the way the server builds
 * it (the same buildCampaignDraft), then overridden.
 */
export function makeCampaign(
  overrides: Partial<Campaign> = {},
  wizard: Partial<CreateCampaignInput> = {},
): Campaign {
  counter++;
  const draft = buildCampaignDraft({ ...WIZARD_DEFAULTS, ...wizard });
  const now = '2026-03-01T09:00:00.000Z';
  return {
    id: uuid(counter),
    name: draft.name,
    type: draft.campaign_type,
    goal: wizard.goal ?? WIZARD_DEFAULTS.goal,
    status: draft.status,
    description: draft.description,
    progress: draft.progress,
    currentStage: draft.current_stage,
    stageCompletion: draft.stage_completion_status,
    stageConfigs: draft.stage_configs,
    createdAt: now,
    updatedAt: now,
    metrics: {
      leads_found: 0,
      leads_contacted: 0,
      leads_responded: 0,
      leads_qualified: 0,
      leads_converted: 0,
      response_rate: 0,
      cost_per_lead: 0,
    },
    budget: { total: draft.total_budget, spent: 0, daily: draft.daily_budget },
    ai_config: {
      model: 'offline',
      model_id: null,
      personalization: 'high',
      temperature: 0.7,
      max_tokens: 2000,
      tokens_used: 0,
      avg_cost_per_message: 0,
    },
    platforms: draft.stage_configs.engagement.channels,
    dates: { start: null, end: null },
    run: { state: 'idle', stage: null, notes: [], error: null, updatedAt: null },
    isSample: false,
    ...overrides,
  };
}

/** A saved provider key as GET /api/growth/credentials lists it (the key itself is never sent). */
export function savedKey(provider: GrowthProvider): GrowthCredential {
  return { provider, hint: '••••abcd', updatedAt: '2026-03-01T09:00:00.000Z' };
}

/** Per-value counts of every value, zeros included, as the server gives them. */
function countBy<T extends string>(
  values: readonly T[],
  of: (campaign: Campaign) => T,
  campaigns: Campaign[],
) {
  return Object.fromEntries(
    values.map((value) => [value, campaigns.filter((campaign) => of(campaign) === value).length]),
  ) as Record<T, number>;
}

/**
 * A fake of the campaigns API over an in-memory list, answering like the server: a
 * case-insensitive search over name and description, type and status filters, counts of all
 * the campaigns for the chips (per type and per status), the draft built from the wizard's
 * payload, status actions with their allowed transitions, delete, and the user's saved
 * provider keys (`credentials`, none unless given).
 */
export function campaignsServer(
  initial: Campaign[],
  { credentials = [] }: { credentials?: GrowthCredential[] } = {},
) {
  const campaigns = [...initial];
  const find = (id: string) => campaigns.find((campaign) => campaign.id === id);

  const routes: ServerRoutes = {
    ...signedInRoutes(),
    ...fakeRoute(apiRoutes.campaigns.list, ({ query }) => {
      const search = query.get('search')?.trim().toLowerCase() ?? '';
      const type = query.get('type');
      const status = query.get('status');
      const items = campaigns
        .filter((campaign) => !type || campaign.type === type)
        .filter((campaign) => !status || campaign.status === status)
        .filter(
          (campaign) => !search || `${campaign.name} ${campaign.description}`.toLowerCase().includes(search),
        )
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      const body: CampaignList = {
        items,
        counts: {
          total: campaigns.length,
          byType: countBy<CampaignType>(campaignTypes, (campaign) => campaign.type, campaigns),
          byStatus: countBy<CampaignStatus>(campaignStatuses, (campaign) => campaign.status, campaigns),
        },
      };
      return { body };
    }),
    ...fakeRoute(apiRoutes.growth.credentials, () => ({ body: credentials })),
    ...fakeRoute(apiRoutes.campaigns.create, ({ body }) => {
      const parsed = createCampaignInputSchema.safeParse(body);
      if (!parsed.success) return errorReply(400, 'validation_failed', 'Please fill in all required fields');
      const campaign = makeCampaign(
        { createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() },
        parsed.data,
      );
      campaigns.push(campaign);
      return { status: 201, body: campaign };
    }),
    ...fakeRoute(apiRoutes.campaigns.get, ({ params }) => {
      const found = find(params.id);
      return found ? { body: found } : errorReply(404, 'not_found', 'Not found');
    }),
    ...fakeRoute(apiRoutes.campaigns.delete, ({ params }) => {
      const found = find(params.id);
      if (!found) return errorReply(404, 'not_found', 'Not found');
      campaigns.splice(campaigns.indexOf(found), 1);
      return OK_REPLY;
    }),
    ...fakeRoute(apiRoutes.campaigns.changeStatus, ({ params, body }) => {
      const found = find(params.id);
      if (!found) return errorReply(404, 'not_found', 'Not found');
      const action = campaignActionSchema.safeParse((body as { action?: unknown }).action);
      if (!action.success) return errorReply(400, 'validation_failed', 'Please fill in all required fields');
      if (!canTransition(found.status, action.data)) return errorReply(409, 'conflict', 'Not allowed now.');
      found.status = CAMPAIGN_TRANSITIONS[action.data].to;
      return { body: found };
    }),
  };

  return { routes, campaigns };
}
