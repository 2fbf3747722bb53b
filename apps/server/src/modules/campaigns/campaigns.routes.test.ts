import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCampaignDraft,
  campaignActions,
  campaignStatuses,
  campaignTypes,
  canTransition,
  CAMPAIGN_TRANSITIONS,
  type Campaign,
  type CampaignStatus,
  type CreateCampaignInput,
  type LeadStatus,
} from '@doppel/contracts';
import { and, campaignLeads, campaigns, eq, jobs, sql, tokenUsage } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { createTestApp, ManualClock, signedInUser } from '../../test-support/test-app';
import { CAMPAIGN_RUN_JOB } from './run-campaign';

const clock = new ManualClock();
let doppel: DoppelApp;
beforeAll(async () => {
  doppel = await createTestApp({ clock });
});
afterAll(async () => {
  await doppel.app.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;
const call = (user: User, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  doppel.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });

const wizard: CreateCampaignInput = {
  goal: 'raise_funding',
  name: 'Raise Funding Campaign',
  description: 'Find investors for the seed round',
  sources: ['csv_upload', 'pipedrive'],
  targetContactCount: 100,
  tools: ['clearbit', 'zoominfo'],
  channels: ['linkedin', 'email'],
};

async function create(user: User, overrides: Partial<CreateCampaignInput> = {}): Promise<Campaign> {
  const response = await call(user, 'POST', '/api/campaigns', { ...wizard, ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Campaign>();
}

async function setStatus(id: string, status: CampaignStatus) {
  await doppel.ctx.db.update(campaigns).set({ status }).where(eq(campaigns.id, id));
  // Written behind the app's back: its cached reads learn of it through the change feed.
  await doppel.ctx.events.caughtUp();
}

async function seedLeads(
  user: User,
  campaignId: string,
  leads: Array<{ status: LeadStatus; contacted?: boolean }>,
) {
  await doppel.ctx.db.insert(campaignLeads).values(
    leads.map((lead, index) => ({
      userId: user.userId,
      campaignId,
      name: `Lead ${index}`,
      source: 'manual_input' as const,
      status: lead.status,
      contactedAt: lead.contacted ? clock.now() : null,
    })),
  );
  await doppel.ctx.events.caughtUp();
}

async function runJobsOf(campaignId: string) {
  return doppel.ctx.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, CAMPAIGN_RUN_JOB), sql`${jobs.payload}->>'campaignId' = ${campaignId}`));
}

describe('creating a campaign from the wizard', () => {
  it('stores the whole draft and reads it back', async () => {
    const user = await signedInUser(doppel);
    const created = await create(user);
    const draft = buildCampaignDraft(wizard);
    expect(created).toMatchObject({
      name: 'Raise Funding Campaign: CSV Upload+Pipedrive → Clearbit+ZoomInfo → LinkedIn+Email',
      type: 'investor_search',
      goal: 'raise_funding',
      status: 'draft',
      description: 'Find investors for the seed round',
      progress: 0,
      currentStage: 'extraction',
      stageCompletion: { extraction: false, enrichment: false, engagement: false },
      metrics: {
        leads_found: 0,
        leads_contacted: 0,
        leads_responded: 0,
        leads_qualified: 0,
        leads_converted: 0,
        response_rate: 0,
        cost_per_lead: 0,
      },
      budget: { total: 200, spent: 0, daily: 7 },
      ai_config: {
        model: 'offline',
        model_id: null,
        personalization: 'high',
        temperature: 0.7,
        max_tokens: 2000,
        tokens_used: 0,
        avg_cost_per_message: 0,
      },
      platforms: ['linkedin', 'email'],
      dates: { start: null, end: null },
      run: { state: 'idle', stage: null, notes: [], error: null, updatedAt: null },
      isSample: false,
    });
    expect(created.stageConfigs).toEqual(draft.stage_configs);
    const read = await call(user, 'GET', `/api/campaigns/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
  });

  it('takes the temperature and the main model from the user’s AI settings', async () => {
    const user = await signedInUser(doppel);
    const model = await call(user, 'POST', '/api/ai/models', {
      name: 'My GPT',
      provider: 'openai',
      modelId: 'gpt-4o-mini',
      apiKey: 'sk-test',
    });
    expect(model.statusCode, model.body).toBe(201);
    const settings = await call(user, 'PATCH', '/api/settings', {
      aiPreferences: { temperature: 0.3, defaultModel: model.json().id },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const created = await create(user);
    expect(created.ai_config).toMatchObject({ model: 'My GPT', temperature: 0.3 });
  });

  it.each([
    ['no source', { sources: [] }, 'sources', 'sourceRequired'],
    ['no tool', { tools: [] }, 'tools', 'toolRequired'],
    ['no channel', { channels: [] }, 'channels', 'channelRequired'],
    ['9 contacts', { targetContactCount: 9 }, 'targetContactCount', 'targetCountRange'],
    ['10001 contacts', { targetContactCount: 10_001 }, 'targetContactCount', 'targetCountRange'],
    ['a blank name', { name: '   ' }, 'name', 'campaignNameRequired'],
  ])('refuses %s and stores nothing', async (_label, change, field, message) => {
    const user = await signedInUser(doppel);
    const response = await call(user, 'POST', '/api/campaigns', { ...wizard, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_failed', fields: { [field]: message } });
    expect((await call(user, 'GET', '/api/campaigns')).json().counts.total).toBe(0);
  });

  it('refuses fields the wizard does not send (no client-made budgets or statuses)', async () => {
    const user = await signedInUser(doppel);
    for (const extra of [{ totalBudget: 1 }, { status: 'active' }, { userId: user.userId }]) {
      const response = await call(user, 'POST', '/api/campaigns', { ...wizard, ...extra });
      expect(response.statusCode).toBe(400);
    }
    expect((await call(user, 'GET', '/api/campaigns')).json().items).toEqual([]);
  });
});

describe('the campaign list', () => {
  it('is newest first, searched and filtered, with chip counts over all campaigns', async () => {
    const user = await signedInUser(doppel);
    const seed = await create(user, { name: 'Seed Round', description: 'Angels for the SEED round' });
    clock.advance(1000);
    const partners = await create(user, {
      goal: 'find_partners',
      name: 'Channel Partners',
      description: 'Resellers in Europe',
    });
    clock.advance(1000);
    const hiring = await create(user, { goal: 'hire_talent', name: '50% Engineers', description: 'Backend' });
    await setStatus(partners.id, 'active');

    const all = (await call(user, 'GET', '/api/campaigns')).json();
    expect(all.items.map((item: Campaign) => item.id)).toEqual([hiring.id, partners.id, seed.id]);
    const byType = Object.fromEntries(campaignTypes.map((type) => [type, 0]));
    expect(all.counts).toEqual({
      total: 3,
      byType: { ...byType, investor_search: 1, partner_search: 1, talent_search: 1 },
      // The status chips count over all campaigns too.
      byStatus: { draft: 2, active: 1, paused: 0, completed: 0, cancelled: 0 },
    });

    const ids = async (query: string) => {
      const response = await call(user, 'GET', `/api/campaigns?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().counts.total).toBe(3);
      return response.json().items.map((item: Campaign) => item.id);
    };
    expect(await ids('search=seed')).toEqual([seed.id]);
    expect(await ids('search=europe')).toEqual([partners.id]);
    expect(await ids('search=50%25')).toEqual([hiring.id]);
    expect(await ids('search=5_%25')).toEqual([]);
    expect(await ids('type=partner_search')).toEqual([partners.id]);
    expect(await ids('status=draft')).toEqual([hiring.id, seed.id]);
    expect(await ids('status=active&type=investor_search')).toEqual([]);
    expect((await call(user, 'GET', '/api/campaigns?type=unknown')).statusCode).toBe(400);
    expect((await call(user, 'GET', '/api/campaigns?owner=someone')).statusCode).toBe(400);
  });

  it('computes each campaign’s metrics from its leads and the tokens spent for it', async () => {
    const user = await signedInUser(doppel);
    const busy = await create(user);
    const quiet = await create(user, { name: 'Quiet' });
    await seedLeads(user, busy.id, [
      { status: 'new' },
      { status: 'new' },
      { status: 'contacted', contacted: true },
      { status: 'responded', contacted: true },
      { status: 'qualified', contacted: true },
      { status: 'converted', contacted: true },
    ]);
    await doppel.ctx.db.insert(tokenUsage).values([
      {
        userId: user.userId,
        campaignId: busy.id,
        model: 'm',
        provider: 'p',
        purpose: 'draft',
        promptTokens: 1234,
        completionTokens: 567,
      },
      {
        userId: user.userId,
        campaignId: busy.id,
        model: 'm',
        provider: 'p',
        purpose: 'draft',
        promptTokens: 2000,
        completionTokens: 0,
      },
      // Not the campaign's: the user's other model calls.
      {
        userId: user.userId,
        model: 'm',
        provider: 'p',
        purpose: 'chat',
        promptTokens: 9000,
        completionTokens: 9,
      },
    ]);
    await doppel.ctx.events.caughtUp();
    const expected = {
      metrics: {
        leads_found: 6,
        leads_contacted: 4,
        leads_responded: 3,
        leads_qualified: 2,
        leads_converted: 1,
        response_rate: 75,
        // 3.801 thousand tokens over 6 leads.
        cost_per_lead: 0.63,
      },
      budget: { total: 200, spent: 3.8, daily: 7 },
      ai_config: { tokens_used: 3801, avg_cost_per_message: 950.3 },
    };
    const list = (await call(user, 'GET', '/api/campaigns')).json();
    const listed = (id: string) => list.items.find((item: Campaign) => item.id === id);
    expect(listed(busy.id)).toMatchObject(expected);
    expect(listed(quiet.id)).toMatchObject({
      metrics: { leads_found: 0, response_rate: 0, cost_per_lead: 0 },
      budget: { spent: 0 },
      ai_config: { tokens_used: 0, avg_cost_per_message: 0 },
    });
    expect((await call(user, 'GET', `/api/campaigns/${busy.id}`)).json()).toMatchObject(expected);
  });

  it('rounds the response rate to one decimal', async () => {
    const user = await signedInUser(doppel);
    const campaign = await create(user);
    await seedLeads(user, campaign.id, [
      { status: 'contacted', contacted: true },
      { status: 'contacted', contacted: true },
      { status: 'responded', contacted: true },
    ]);
    const read = (await call(user, 'GET', `/api/campaigns/${campaign.id}`)).json<Campaign>();
    expect(read.metrics.response_rate).toBe(33.3);
  });
});

describe('campaign settings', () => {
  it('apply each change to its part of the draft and recompute what follows', async () => {
    const user = await signedInUser(doppel);
    const campaign = await create(user);
    clock.advance(5000);
    const response = await call(user, 'PATCH', `/api/campaigns/${campaign.id}`, {
      name: 'Seed Investors',
      description: 'Only B2B',
      totalBudget: 90,
      targetContactCount: 300,
      sources: ['manual_input', 'google_sheets'],
      sourceConfigs: { google_sheets: { url: 'https://docs.google.com/spreadsheets/d/x/export?format=csv' } },
      tools: ['hunter'],
      channels: ['phone'],
      messageTemplate: 'Hi {name}',
      filters: { job_titles: ['CTO'] },
      aiConfig: { temperature: 0.2, max_tokens: 1000 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<Campaign>();
    expect(updated).toMatchObject({
      name: 'Seed Investors: Manual Input+Google Sheets → Hunter.io → Phone',
      description: 'Only B2B',
      budget: { total: 90, daily: 3 },
      platforms: ['phone'],
      ai_config: { personalization: 'high', temperature: 0.2, max_tokens: 1000 },
    });
    expect(updated.stageConfigs.extraction).toMatchObject({
      sources: ['manual_input', 'google_sheets'],
      source_configs: {
        google_sheets: { url: 'https://docs.google.com/spreadsheets/d/x/export?format=csv' },
      },
      target_contact_count: 300,
      filters: {
        job_titles: ['CTO'],
        company_sizes: [],
        industries: [],
        locations: [],
        seniority_levels: [],
      },
    });
    expect(updated.stageConfigs.enrichment).toMatchObject({ tools: ['hunter'], budget_per_contact: 0.3 });
    expect(updated.stageConfigs.engagement).toMatchObject({
      channels: ['phone'],
      message_templates: ['Hi {name}'],
    });
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThan(new Date(campaign.updatedAt).getTime());

    // The full stored name works as well as the title; clearing the template removes it.
    const again = await call(user, 'PATCH', `/api/campaigns/${campaign.id}`, {
      name: updated.name,
      messageTemplate: '',
      targetContactCount: 30,
    });
    expect(again.json()).toMatchObject({
      name: 'Seed Investors: Manual Input+Google Sheets → Hunter.io → Phone',
      stageConfigs: { engagement: { message_templates: [] }, enrichment: { budget_per_contact: 3 } },
    });
  });

  it('refuse invalid and unknown fields, changing nothing', async () => {
    const user = await signedInUser(doppel);
    const campaign = await create(user);
    for (const body of [
      { sources: [] },
      { targetContactCount: 10_001 },
      { name: ' ' },
      { status: 'active' },
      { totalBudget: 0 },
    ]) {
      expect((await call(user, 'PATCH', `/api/campaigns/${campaign.id}`, body)).statusCode).toBe(400);
    }
    expect((await call(user, 'GET', `/api/campaigns/${campaign.id}`)).json()).toEqual(campaign);
  });

  it.each(['completed', 'cancelled'] as const)('are refused once the campaign is %s', async (status) => {
    const user = await signedInUser(doppel);
    const campaign = await create(user);
    await setStatus(campaign.id, status);
    const response = await call(user, 'PATCH', `/api/campaigns/${campaign.id}`, { description: 'x' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'conflict' });
    expect(response.json().error.message).toContain(status);
  });
});

describe('status actions', () => {
  const pairs = campaignActions.flatMap((action) =>
    campaignStatuses.map((status) => [status, action] as const),
  );

  it.each(pairs)('from %s, %s follows the transition table', async (status, action) => {
    const user = await signedInUser(doppel);
    const campaign = await create(user);
    await setStatus(campaign.id, status);
    const response = await call(user, 'POST', `/api/campaigns/${campaign.id}/status`, { action });
    const [row] = await doppel.ctx.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    const to = CAMPAIGN_TRANSITIONS[action].to;
    if (canTransition(status, action)) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().status).toBe(to);
      expect(row!.status).toBe(to);
      if (action === 'start') expect(response.json().dates.start).toBe(clock.now().toISOString());
      if (action === 'complete' || action === 'cancel')
        expect(response.json().dates.end).toBe(clock.now().toISOString());
      expect((await runJobsOf(campaign.id)).length).toBe(action === 'start' ? 1 : 0);
    } else {
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('conflict');
      expect(response.json().error.message).toBe(
        `A ${status} campaign cannot be moved to ${to} (${action}).`,
      );
      expect(row!.status).toBe(status);
      expect(row!.startedAt).toBeNull();
      expect(row!.endedAt).toBeNull();
      expect(await runJobsOf(campaign.id)).toEqual([]);
    }
  });

  it('start queues exactly one run and keeps the first start date on a restart', async () => {
    const user = await signedInUser(doppel);
    const campaign = await create(user);
    const started = await call(user, 'POST', `/api/campaigns/${campaign.id}/status`, { action: 'start' });
    expect(started.json()).toMatchObject({ status: 'active' });
    const runs = await runJobsOf(campaign.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.payload).toEqual({ userId: user.userId, campaignId: campaign.id });
    expect(runs[0]!.status).toBe('queued');
    // A second click while active changes nothing.
    expect(
      (await call(user, 'POST', `/api/campaigns/${campaign.id}/status`, { action: 'start' })).statusCode,
    ).toBe(409);
    expect(await runJobsOf(campaign.id)).toHaveLength(1);

    const firstStart = started.json().dates.start;
    clock.advance(60_000);
    const paused = await call(user, 'POST', `/api/campaigns/${campaign.id}/status`, { action: 'pause' });
    expect(paused.json()).toMatchObject({ status: 'paused', dates: { start: firstStart, end: null } });
    const resumed = await call(user, 'POST', `/api/campaigns/${campaign.id}/status`, { action: 'start' });
    expect(resumed.json()).toMatchObject({ status: 'active', dates: { start: firstStart } });
  });

  it('refuse an unknown action', async () => {
    const user = await signedInUser(doppel);
    const campaign = await create(user);
    const response = await call(user, 'POST', `/api/campaigns/${campaign.id}/status`, { action: 'resume' });
    expect(response.statusCode).toBe(400);
  });
});

describe('deleting a campaign', () => {
  it('removes it with its leads', async () => {
    const user = await signedInUser(doppel);
    const campaign = await create(user);
    await seedLeads(user, campaign.id, [{ status: 'new' }, { status: 'contacted' }]);
    const response = await call(user, 'DELETE', `/api/campaigns/${campaign.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await call(user, 'GET', `/api/campaigns/${campaign.id}`)).statusCode).toBe(404);
    const leads = await doppel.ctx.db
      .select()
      .from(campaignLeads)
      .where(eq(campaignLeads.campaignId, campaign.id));
    expect(leads).toEqual([]);
    expect((await call(user, 'DELETE', `/api/campaigns/${campaign.id}`)).statusCode).toBe(404);
  });
});

describe('another user', () => {
  it('cannot see or touch a campaign, its leads or its files through any route', async () => {
    const owner = await signedInUser(doppel);
    const stranger = await signedInUser(doppel);
    const campaign = await create(owner);
    await seedLeads(owner, campaign.id, [{ status: 'new' }]);
    const [lead] = await doppel.ctx.db
      .select()
      .from(campaignLeads)
      .where(eq(campaignLeads.campaignId, campaign.id));
    const base = `/api/campaigns/${campaign.id}`;
    const attempts: Array<[method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object]> = [
      ['GET', base],
      ['PATCH', base, { description: 'mine now' }],
      ['POST', `${base}/status`, { action: 'start' }],
      ['GET', `${base}/analytics`],
      ['GET', `${base}/leads`],
      ['POST', `${base}/leads`, { name: 'Intruder' }],
      ['PATCH', `${base}/leads/${lead!.id}`, { status: 'converted' }],
      ['POST', `${base}/leads/csv-headers`, { csv: 'Name\nA\n' }],
      ['POST', `${base}/leads/import`, { csv: 'Name\nA\n', mapping: { name: 'Name' } }],
      ['POST', `${base}/leads/bulk-email`, { leadIds: [lead!.id], subject: 's', body: 'b' }],
      ['GET', `${base}/leads/call-list.csv`],
      ['DELETE', `${base}/leads/${lead!.id}`],
      ['DELETE', base],
    ];
    for (const [method, url, body] of attempts) {
      const response = await call(stranger, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    expect((await call(stranger, 'GET', '/api/campaigns')).json()).toMatchObject({
      items: [],
      counts: { total: 0 },
    });
    const [row] = await doppel.ctx.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row).toMatchObject({ status: 'draft', description: wizard.description });
    const leads = await doppel.ctx.db
      .select()
      .from(campaignLeads)
      .where(eq(campaignLeads.campaignId, campaign.id));
    expect(leads).toEqual([lead]);
    expect(await runJobsOf(campaign.id)).toEqual([]);
  });

  it('without a session, nothing answers', async () => {
    for (const url of ['/api/campaigns', '/api/growth/credentials']) {
      expect((await doppel.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
