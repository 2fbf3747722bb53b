import {
  buildCampaignDraft,
  leadStatuses,
  type CampaignStatus,
  type CreateCampaignInput,
  type EnrichedValue,
  type InterfaceLanguage,
  type LeadStatus,
} from '@doppel/contracts';
import { campaignLeads, campaigns, type DbOrTx } from '@doppel/db';
import { leadDataQuality } from './match-score';
import { textsIn } from '../../lib/translations';

/**
 * The demo sandbox's campaigns: one of each of several types and statuses, with
 * leads whose statuses and dates give the funnel and the chart something to show. Names say
 * '(sample)' in the sandbox's language, rows carry is_sample, and every lead's address is on the
 * reserved example.com. The leads' names, companies and positions are as their profiles give them.
 */
interface SampleCampaign {
  /** The campaign's name and description in the demo dictionaries: campaigns.<texts>. */
  texts: string;
  wizard: Omit<CreateCampaignInput, 'name' | 'description'>;
  status: CampaignStatus;
  progress: number;
  ageDays: number;
  leads: Array<{ name: string; company: string; position: string; status: LeadStatus; ageDays: number }>;
}

const SAMPLE_CAMPAIGNS: SampleCampaign[] = [
  {
    texts: 'seedRound',
    wizard: {
      goal: 'raise_funding',
      sources: ['csv_upload', 'inner_crm'],
      targetContactCount: 100,
      tools: ['clearbit', 'hunter'],
      channels: ['linkedin', 'email'],
    },
    status: 'active',
    progress: 78,
    ageDays: 21,
    leads: [
      {
        name: 'Maya Chen',
        company: 'Northwind Ventures',
        position: 'Partner',
        status: 'converted',
        ageDays: 20,
      },
      {
        name: 'Lukas Brandt',
        company: 'Spree Capital',
        position: 'Principal',
        status: 'qualified',
        ageDays: 19,
      },
      {
        name: 'Sofia Ramos',
        company: 'Atlas Seed',
        position: 'Managing Partner',
        status: 'qualified',
        ageDays: 17,
      },
      {
        name: 'Omar Haddad',
        company: 'Dune Angels',
        position: 'Angel Investor',
        status: 'responded',
        ageDays: 15,
      },
      {
        name: 'Claire Dubois',
        company: 'Seine Partners',
        position: 'Associate',
        status: 'responded',
        ageDays: 12,
      },
      { name: 'Ivan Petrov', company: 'Neva Fund', position: 'Partner', status: 'contacted', ageDays: 10 },
      {
        name: 'Hannah Weber',
        company: 'Isar Invest',
        position: 'Investment Manager',
        status: 'contacted',
        ageDays: 8,
      },
      { name: 'Diego Alvarez', company: 'Pampa VC', position: 'Partner', status: 'contacted', ageDays: 6 },
      { name: 'Emma Novak', company: 'Danube Capital', position: 'Analyst', status: 'new', ageDays: 4 },
      { name: 'Kenji Sato', company: 'Sakura Seed', position: 'General Partner', status: 'new', ageDays: 2 },
    ],
  },
  {
    texts: 'integrationPartners',
    wizard: {
      goal: 'find_partners',
      sources: ['pipedrive'],
      targetContactCount: 200,
      tools: ['people_data_labs'],
      channels: ['email'],
    },
    status: 'paused',
    progress: 45,
    ageDays: 12,
    leads: [
      {
        name: 'Priya Nair',
        company: 'Helpdeskly',
        position: 'Head of Partnerships',
        status: 'responded',
        ageDays: 11,
      },
      { name: 'Tom Becker', company: 'CRMify', position: 'BD Manager', status: 'contacted', ageDays: 9 },
      { name: 'Lena Fischer', company: 'Ticketa', position: 'CTO', status: 'new', ageDays: 7 },
      { name: 'Marco Rossi', company: 'Pipeworks', position: 'VP Product', status: 'new', ageDays: 5 },
    ],
  },
  {
    texts: 'enterprisePilots',
    wizard: {
      goal: 'acquire_customers',
      sources: ['apollo_search', 'google_sheets'],
      targetContactCount: 300,
      tools: ['zoominfo', 'lusha'],
      channels: ['email', 'phone'],
    },
    status: 'draft',
    progress: 0,
    ageDays: 1,
    leads: [],
  },
  {
    texts: 'foundingEngineer',
    wizard: {
      goal: 'hire_talent',
      sources: ['manual_input'],
      targetContactCount: 50,
      tools: ['snov'],
      channels: ['linkedin'],
    },
    status: 'completed',
    progress: 100,
    ageDays: 40,
    leads: [
      {
        name: 'Ana Costa',
        company: 'Freelance',
        position: 'Staff Engineer',
        status: 'converted',
        ageDays: 39,
      },
      {
        name: 'Jonas Berg',
        company: 'Fjord Labs',
        position: 'Senior Engineer',
        status: 'responded',
        ageDays: 38,
      },
      { name: 'Chloé Martin', company: 'Lumen', position: 'Tech Lead', status: 'contacted', ageDays: 36 },
    ],
  },
];

const DAY_MS = 86_400_000;
const STATUS_RANK = (status: LeadStatus) => leadStatuses.indexOf(status);

/** The status timestamps a lead at `status` has passed through, a day apart after it was found. */
function statusDates(status: LeadStatus, found: Date) {
  const at = (rank: number) =>
    STATUS_RANK(status) >= rank ? new Date(found.getTime() + rank * DAY_MS) : null;
  return { contactedAt: at(1), respondedAt: at(2), qualifiedAt: at(3), convertedAt: at(4) };
}

function sampleEnrichment(company: string): Record<string, EnrichedValue> {
  // Marked simulated like the simulated provider's values, so the demo shows how those look.
  return {
    company_size: {
      value: company.length % 2 === 0 ? '11-50' : '51-200',
      provider: 'simulated',
      simulated: true,
    },
  };
}

export async function seedSampleCampaigns(
  tx: DbOrTx,
  userId: string,
  language: InterfaceLanguage,
  now: Date,
): Promise<void> {
  const t = textsIn(language, 'demo');
  for (const [index, sample] of SAMPLE_CAMPAIGNS.entries()) {
    const draft = buildCampaignDraft({
      ...sample.wizard,
      name: t('sampleLabel', { name: t(`campaigns.${sample.texts}.name`) }),
      description: t(`campaigns.${sample.texts}.description`),
    });
    const createdAt = new Date(now.getTime() - sample.ageDays * DAY_MS - index * 1000);
    const done = (threshold: number) => sample.progress >= threshold;
    const [campaign] = await tx
      .insert(campaigns)
      .values({
        userId,
        name: draft.name,
        type: draft.campaign_type,
        goal: sample.wizard.goal,
        status: sample.status,
        description: draft.description,
        progress: sample.progress,
        currentStage:
          sample.progress >= 66 ? 'engagement' : sample.progress >= 33 ? 'enrichment' : 'extraction',
        stageCompletion: { extraction: done(33), enrichment: done(66), engagement: done(100) },
        stageConfigs: draft.stage_configs,
        totalBudget: draft.total_budget,
        dailyBudget: draft.daily_budget,
        aiSettings: { personalization: 'high', temperature: 0.7, max_tokens: 2000 },
        run: { state: 'idle', stage: null, notes: [], error: null, updatedAt: null },
        startedAt: sample.status === 'draft' ? null : createdAt,
        endedAt: sample.status === 'completed' ? new Date(now.getTime() - DAY_MS) : null,
        isSample: true,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: campaigns.id });
    if (sample.leads.length === 0) continue;
    await tx.insert(campaignLeads).values(
      sample.leads.map((lead, leadIndex) => {
        const found = new Date(now.getTime() - lead.ageDays * DAY_MS);
        const dates = statusDates(lead.status, found);
        const slug = lead.name.toLowerCase().replace(/[^a-z]+/g, '.');
        return {
          userId,
          campaignId: campaign!.id,
          name: lead.name,
          company: lead.company,
          position: lead.position,
          email: `${slug}@example.com`,
          phone: null,
          linkedinUrl: null,
          language: 'en',
          status: lead.status,
          source: sample.wizard.sources[leadIndex % sample.wizard.sources.length]!,
          matchScore: 95 - leadIndex * 4,
          dataQuality: leadDataQuality(
            {
              email: 'sample',
              company: lead.company,
              position: lead.position,
              phone: null,
              linkedinUrl: null,
            },
            draft.stage_configs,
          ),
          enrichment: sampleEnrichment(lead.company),
          enrichedAt: found,
          // Leads the sample shows as reached have had their outreach.
          engagedAt: lead.status === 'new' ? null : found,
          ...dates,
          lastContactAt: dates.contactedAt,
          createdAt: found,
          updatedAt: found,
        };
      }),
    );
  }
}
