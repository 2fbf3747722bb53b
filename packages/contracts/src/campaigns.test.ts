import { describe, expect, it } from 'vitest';
import {
  campaignTypes,
  buildCampaignDraft,
  budgetPerContact,
  CAMPAIGN_TRANSITIONS,
  campaignActions,
  campaignDisplayName,
  campaignStatuses,
  campaignTitle,
  canTransition,
  clampTargetCount,
  createCampaignInputSchema,
  dailyBudget,
  enrichmentCostEstimate,
  enrichmentCostPerContact,
  ENRICHMENT_TOOLS,
  formatEnrichmentEstimate,
  GOAL_TEMPLATES,
  goalTemplate,
  importLeadsCsvInputSchema,
  isTargetCountRecommended,
  isTargetCountValid,
  nextWizardStep,
  previousWizardStep,
  stageForProgress,
  updateCampaignInputSchema,
  WIZARD_STEPS,
  wizardPercent,
  type CampaignAction,
  type CampaignStatus,
} from './campaigns';

describe('target contact count', () => {
  it('is valid from 10 to 10000, whole numbers only', () => {
    expect(isTargetCountValid(9)).toBe(false);
    expect(isTargetCountValid(10)).toBe(true);
    expect(isTargetCountValid(100)).toBe(true);
    expect(isTargetCountValid(10_000)).toBe(true);
    expect(isTargetCountValid(10_001)).toBe(false);
    expect(isTargetCountValid(50.5)).toBe(false);
    expect(isTargetCountValid(Number.NaN)).toBe(false);
  });

  it('clamps typed values into the bounds, a blank entry to the minimum', () => {
    expect(clampTargetCount(9)).toBe(10);
    expect(clampTargetCount(-5)).toBe(10);
    expect(clampTargetCount(10)).toBe(10);
    expect(clampTargetCount(10_000)).toBe(10_000);
    expect(clampTargetCount(10_001)).toBe(10_000);
    expect(clampTargetCount(99.6)).toBe(100);
    expect(clampTargetCount(Number.NaN)).toBe(10);
    expect(clampTargetCount(Number.POSITIVE_INFINITY)).toBe(10);
  });

  it('is recommended from 100 to 500', () => {
    expect(isTargetCountRecommended(99)).toBe(false);
    expect(isTargetCountRecommended(100)).toBe(true);
    expect(isTargetCountRecommended(500)).toBe(true);
    expect(isTargetCountRecommended(501)).toBe(false);
  });
});

describe('enrichment estimate', () => {
  it('keeps the spec’s seven tools with their costs and accuracies in order', () => {
    expect(ENRICHMENT_TOOLS.map((tool) => [tool.costPerContact, tool.accuracy])).toEqual([
      [0.1, 92],
      [0.25, 95],
      [0.05, 89],
      [0.2, 93],
      [0.15, 97],
      [0.08, 85],
      [0.12, 88],
    ]);
  });

  it('sums per-contact costs without floating-point noise', () => {
    expect(enrichmentCostPerContact([])).toBe(0);
    expect(enrichmentCostPerContact(['clearbit', 'lusha'])).toBe(0.3);
    expect(enrichmentCostPerContact(['clearbit', 'zoominfo'])).toBe(0.35);
    expect(enrichmentCostPerContact(ENRICHMENT_TOOLS.map((tool) => tool.id))).toBe(0.95);
  });

  it('multiplies by the target count', () => {
    expect(enrichmentCostEstimate(['clearbit', 'zoominfo'], 100)).toBe(35);
    expect(enrichmentCostEstimate(['clearbit', 'lusha'], 3)).toBe(0.9);
    expect(enrichmentCostEstimate(['snov'], 33)).toBe(2.64);
    expect(enrichmentCostEstimate(['hunter'], 10_000)).toBe(500);
  });

  it('shows the total with 2 decimals and the per-contact cost with 3', () => {
    expect(formatEnrichmentEstimate(['clearbit', 'zoominfo'], 100)).toEqual({
      total: '35.00',
      perContact: '0.350',
    });
    expect(formatEnrichmentEstimate(['clearbit', 'lusha'], 3)).toEqual({
      total: '0.90',
      perContact: '0.300',
    });
    expect(formatEnrichmentEstimate(['snov'], 33)).toEqual({ total: '2.64', perContact: '0.080' });
    expect(formatEnrichmentEstimate([], 100)).toEqual({ total: '0.00', perContact: '0.000' });
  });
});

describe('budgets', () => {
  it('daily budget is the suggested budget ÷ 30, rounded', () => {
    expect(dailyBudget(200)).toBe(7);
    expect(dailyBudget(150)).toBe(5);
    expect(dailyBudget(300)).toBe(10);
    expect(dailyBudget(100)).toBe(3);
    expect(dailyBudget(45)).toBe(2);
    expect(dailyBudget(10)).toBe(1);
  });

  it('budget per contact is the total ÷ the target count, to 3 decimals', () => {
    expect(budgetPerContact(200, 100)).toBe(2);
    expect(budgetPerContact(100, 30)).toBe(3.333);
    expect(budgetPerContact(200, 3)).toBe(66.667);
    expect(budgetPerContact(150, 10_000)).toBe(0.015);
  });

  it('goal templates carry the spec’s suggested budgets', () => {
    expect(GOAL_TEMPLATES.map((goal) => [goal.id, goal.campaignType, goal.suggestedBudget])).toEqual([
      ['raise_funding', 'investor_search', 200],
      ['find_partners', 'partner_search', 150],
      ['acquire_customers', 'client_search', 300],
      ['hire_talent', 'talent_search', 100],
      ['find_vendors', 'vendor_search', 100],
      ['generate_leads', 'lead_generation', 250],
      ['build_brand', 'brand_awareness', 150],
      ['promote_content', 'content_promotion', 120],
    ]);
    expect(goalTemplate('hire_talent').suggestedBudget).toBe(100);
    // Every campaign type can be created: each is one goal's.
    expect(new Set(GOAL_TEMPLATES.map((goal) => goal.campaignType))).toEqual(new Set(campaignTypes));
  });
});

describe('stages and the wizard', () => {
  it('derives the stage from progress at the thirds 33 and 66', () => {
    expect(stageForProgress(0)).toBe('extraction');
    expect(stageForProgress(32)).toBe('extraction');
    expect(stageForProgress(33)).toBe('enrichment');
    expect(stageForProgress(65)).toBe('enrichment');
    expect(stageForProgress(66)).toBe('engagement');
    expect(stageForProgress(100)).toBe('engagement');
  });

  it('bounds next and previous at the first and last step', () => {
    expect(WIZARD_STEPS).toEqual(['goal', 'extraction', 'enrichment', 'engagement', 'review']);
    expect(nextWizardStep(0)).toBe(1);
    expect(nextWizardStep(3)).toBe(4);
    expect(nextWizardStep(4)).toBe(4);
    expect(previousWizardStep(4)).toBe(3);
    expect(previousWizardStep(1)).toBe(0);
    expect(previousWizardStep(0)).toBe(0);
  });

  it('shows 20% to 100% over the five steps', () => {
    expect([0, 1, 2, 3, 4].map(wizardPercent)).toEqual([20, 40, 60, 80, 100]);
  });
});

describe('names', () => {
  it('stores title: sources → enrichment → channels with proper names joined by +', () => {
    expect(
      campaignDisplayName(
        ' Raise Funding Campaign ',
        ['csv_upload', 'pipedrive'],
        ['clearbit'],
        ['linkedin', 'email'],
      ),
    ).toBe('Raise Funding Campaign: CSV Upload+Pipedrive → Clearbit → LinkedIn+Email');
    expect(campaignDisplayName('Hire', ['manual_input'], ['people_data_labs', 'snov'], ['direct_mail'])).toBe(
      'Hire: Manual Input → People Data Labs+Snov.io → Direct Mail',
    );
  });

  it('shows the part before the first colon on the card', () => {
    expect(campaignTitle('Raise Funding Campaign: CSV Upload+Pipedrive → Clearbit → LinkedIn+Email')).toBe(
      'Raise Funding Campaign',
    );
    expect(campaignTitle('No colon here')).toBe('No colon here');
    expect(campaignTitle('A: b: c')).toBe('A');
  });
});

const wizard = {
  goal: 'raise_funding' as const,
  name: 'Raise Funding Campaign',
  description: 'Find investors for the seed round',
  sources: ['csv_upload' as const, 'pipedrive' as const],
  targetContactCount: 100,
  tools: ['clearbit' as const, 'zoominfo' as const],
  channels: ['linkedin' as const, 'email' as const],
};

describe('campaign draft', () => {
  it('is built whole from the wizard’s payload', () => {
    expect(buildCampaignDraft(wizard)).toEqual({
      name: 'Raise Funding Campaign: CSV Upload+Pipedrive → Clearbit+ZoomInfo → LinkedIn+Email',
      campaign_type: 'investor_search',
      description: 'Find investors for the seed round',
      current_stage: 'extraction',
      total_budget: 200,
      daily_budget: 7,
      status: 'draft',
      progress: 0,
      stage_completion_status: { extraction: false, enrichment: false, engagement: false },
      stage_configs: {
        extraction: {
          sources: ['csv_upload', 'pipedrive'],
          source_configs: {},
          target_contact_count: 100,
          filters: { job_titles: [], company_sizes: [], industries: [], locations: [], seniority_levels: [] },
          data_quality_requirements: {
            email_required: true,
            phone_required: false,
            linkedin_required: true,
            company_required: true,
          },
        },
        enrichment: {
          tools: ['clearbit', 'zoominfo'],
          tool_configs: {},
          required_fields: ['email', 'company', 'job_title'],
          nice_to_have_fields: ['phone', 'social_profiles', 'company_size'],
          auto_enrichment: true,
          budget_per_contact: 2,
          data_quality_threshold: 80,
          enrichment_priorities: ['email', 'company', 'job_title'],
        },
        engagement: {
          channels: ['linkedin', 'email'],
          channel_configs: {},
          account_type: 'personal',
          personalization_level: 'high',
          message_templates: [],
          follow_up_sequence: [],
          daily_send_limit: 25,
          automation_rules: [],
        },
      },
    });
  });

  it('takes its budget from the goal, never from the client', () => {
    const draft = buildCampaignDraft({ ...wizard, goal: 'acquire_customers', targetContactCount: 300 });
    expect(draft).toMatchObject({ campaign_type: 'client_search', total_budget: 300, daily_budget: 10 });
    expect(draft.stage_configs.enrichment.budget_per_contact).toBe(1);
    expect(() => buildCampaignDraft({ ...wizard, totalBudget: 5 } as typeof wizard)).toThrow();
  });

  it('refuses what the wizard’s steps refuse', () => {
    const fieldOf = (input: object) => {
      const result = createCampaignInputSchema.safeParse(input);
      return result.success
        ? null
        : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
    };
    expect(fieldOf(wizard)).toBeNull();
    expect(fieldOf({ ...wizard, sources: [] })).toEqual([['sources', 'sourceRequired']]);
    expect(fieldOf({ ...wizard, tools: [] })).toEqual([['tools', 'toolRequired']]);
    expect(fieldOf({ ...wizard, channels: [] })).toEqual([['channels', 'channelRequired']]);
    expect(fieldOf({ ...wizard, name: '   ' })).toEqual([['name', 'campaignNameRequired']]);
    expect(fieldOf({ ...wizard, targetContactCount: 9 })).toEqual([
      ['targetContactCount', 'targetCountRange'],
    ]);
    expect(fieldOf({ ...wizard, targetContactCount: 10_001 })).toEqual([
      ['targetContactCount', 'targetCountRange'],
    ]);
    expect(fieldOf({ ...wizard, targetContactCount: 10 })).toBeNull();
    expect(fieldOf({ ...wizard, targetContactCount: 10_000 })).toBeNull();
    expect(fieldOf({ ...wizard, sources: ['csv_upload', 'csv_upload'] })).toEqual([
      ['sources', 'duplicates'],
    ]);
    expect(fieldOf({ ...wizard, goal: undefined })).not.toBeNull();
    expect(fieldOf({ ...wizard, status: 'active' })).not.toBeNull();
  });

  it('settings accept a partial change and reject unknown fields', () => {
    expect(updateCampaignInputSchema.safeParse({ totalBudget: 90 }).success).toBe(true);
    expect(updateCampaignInputSchema.safeParse({ userId: 'x' }).success).toBe(false);
    expect(updateCampaignInputSchema.safeParse({ sources: [] }).success).toBe(false);
    expect(updateCampaignInputSchema.safeParse({ targetContactCount: 9 }).success).toBe(false);
  });

  it('a CSV mapping names lead fields only and needs a name column', () => {
    expect(importLeadsCsvInputSchema.safeParse({ csv: 'a', mapping: { name: 'Name' } }).success).toBe(true);
    expect(importLeadsCsvInputSchema.safeParse({ csv: 'a', mapping: { email: 'Email' } }).success).toBe(
      false,
    );
    expect(
      importLeadsCsvInputSchema.safeParse({ csv: 'a', mapping: { name: 'Name', salary: 'Pay' } }).success,
    ).toBe(false);
  });
});

describe('status transitions', () => {
  const allowed: Record<CampaignAction, CampaignStatus[]> = {
    start: ['draft', 'paused'],
    pause: ['active'],
    complete: ['active', 'paused'],
    cancel: ['draft', 'active', 'paused'],
  };

  it.each(campaignActions.flatMap((action) => campaignStatuses.map((status) => [action, status] as const)))(
    '%s from %s follows the table',
    (action, status) => {
      expect(canTransition(status, action)).toBe(allowed[action].includes(status));
    },
  );

  it('leads start to active, pause to paused, complete and cancel to their end states', () => {
    expect(
      Object.fromEntries(campaignActions.map((action) => [action, CAMPAIGN_TRANSITIONS[action].to])),
    ).toEqual({
      start: 'active',
      pause: 'paused',
      complete: 'completed',
      cancel: 'cancelled',
    });
  });

  it('nothing leaves a completed or cancelled campaign', () => {
    for (const action of campaignActions) {
      expect(canTransition('completed', action)).toBe(false);
      expect(canTransition('cancelled', action)).toBe(false);
    }
  });
});
