import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, CreateCampaignInput, UpdateCampaignInput } from '@doppel/contracts';
import {
  and,
  asc,
  campaignLeads,
  campaigns,
  contacts,
  emailSends,
  eq,
  jobs,
  sql,
  tasks,
  tokenUsage,
} from '@doppel/db';
import type { DoppelApp } from '../../app';
import type { RetryPolicy } from '../../lib/retrying-fetch';
import { startFakeOpenAiServer, type FakeAiServer } from '../../test-support/fake-ai-servers';
import { apolloPerson, startFakeApollo, type FakeApollo } from '../../test-support/fake-growth/apollo';
import { startFakeHunter, type FakeHunter } from '../../test-support/fake-growth/hunter';
import {
  startFakePeopleDataLabs,
  type FakePeopleDataLabs,
} from '../../test-support/fake-growth/people-data-labs';
import {
  pipedrivePerson,
  startFakePipedrive,
  type FakePipedrive,
} from '../../test-support/fake-growth/pipedrive';
import { startFakeSheets, type FakeSheets } from '../../test-support/fake-growth/sheets';
import { createTestApp, signedInUser } from '../../test-support/test-app';
import { receiveMessage } from '../messengers';
import { sendTaskMessage } from '../tasks';
import { changeCampaignStatus } from './change-campaign-status';
import { createCampaign } from './create-campaign';
import { saveGrowthCredential } from './growth-credentials';
import { createLead } from './leads';
import { CAMPAIGN_RUN_JOB, campaignRunJob, enqueueCampaignRun, runCampaignSlice } from './run-campaign';
import { updateCampaign } from './update-campaign';

const fast: RetryPolicy = { maxRetries: 1, baseDelayMs: 10, maxDelayMs: 100 };

let doppel: DoppelApp;
let pipedrive: FakePipedrive;
let apollo: FakeApollo;
let hunter: FakeHunter;
let pdl: FakePeopleDataLabs;
let sheets: FakeSheets;
let openAi: FakeAiServer;

beforeAll(async () => {
  [pipedrive, apollo, hunter, pdl, sheets, openAi] = await Promise.all([
    startFakePipedrive(),
    startFakeApollo(),
    startFakeHunter(),
    startFakePeopleDataLabs(),
    startFakeSheets(),
    startFakeOpenAiServer(),
  ]);
  doppel = await createTestApp({
    config: {
      growthApiUrls: {
        pipedrive: pipedrive.baseUrl,
        apollo: apollo.baseUrl,
        hunter: hunter.baseUrl,
        peopleDataLabs: pdl.baseUrl,
        // Not chosen by these campaigns (enrichment-providers.test.ts runs them against fakes).
        lusha: 'http://127.0.0.1:9',
        snov: 'http://127.0.0.1:9',
        rocketreach: 'http://127.0.0.1:9',
      },
      growthRetry: fast,
      // The fake sheet is on 127.0.0.1.
      fetchAllowPrivateAddresses: true,
      aiTimeoutMs: 5000,
    },
  });
});
afterAll(async () => {
  await doppel.app.close();
  await Promise.all([pipedrive, apollo, hunter, pdl, sheets, openAi].map((fake) => fake.close()));
});

type User = Awaited<ReturnType<typeof signedInUser>>;

const wizard: CreateCampaignInput = {
  goal: 'raise_funding',
  name: 'Seed Round',
  description: 'Find investors for the seed round',
  sources: ['manual_input'],
  targetContactCount: 100,
  tools: ['clearbit'],
  channels: ['email'],
};

async function newCampaign(
  user: User,
  input: Partial<CreateCampaignInput>,
  settings?: UpdateCampaignInput,
): Promise<string> {
  const created = await createCampaign(doppel.ctx, user.userId, { ...wizard, ...input });
  // These tests follow leads through the stages whatever data they have; the data-quality
  // threshold that holds leads back has its own tests (sequences.test.ts).
  await updateCampaign(doppel.ctx, user.userId, created.id, { dataQualityThreshold: 0, ...settings });
  return created.id;
}

const start = (user: User, id: string) =>
  changeCampaignStatus(doppel.ctx, user.userId, id, { action: 'start' });
const pause = (user: User, id: string) =>
  changeCampaignStatus(doppel.ctx, user.userId, id, { action: 'pause' });
const runJobs = (user: User) => doppel.ctx.jobs.runDue({ userId: user.userId });

async function campaignRow(id: string) {
  const [row] = await doppel.ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
  return row!;
}

/** The run as the API answers it (GET /api/campaigns/:id). */
async function runOnApi(user: User, id: string): Promise<Campaign['run']> {
  const response = await doppel.app.inject({
    method: 'GET',
    url: `/api/campaigns/${id}`,
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Campaign>().run;
}

async function leadsOf(id: string) {
  return doppel.ctx.db
    .select()
    .from(campaignLeads)
    .where(eq(campaignLeads.campaignId, id))
    .orderBy(asc(campaignLeads.name));
}

async function queuedRuns(id: string) {
  return doppel.ctx.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, CAMPAIGN_RUN_JOB), sql`${jobs.payload}->>'campaignId' = ${id}`));
}

async function tasksOf(userId: string) {
  return doppel.ctx.db.select().from(tasks).where(eq(tasks.userId, userId));
}

const byName = <T extends { name: string }>(rows: T[], name: string) =>
  rows.find((row) => row.name === name)!;

describe('a full run', () => {
  let user: User;
  let campaignId: string;

  beforeAll(async () => {
    user = await signedInUser(doppel);
    const { userId } = user;
    await doppel.ctx.db.insert(contacts).values([
      {
        userId,
        name: 'Olga Ivanova',
        company: 'Umbrella',
        language: 'ru',
        source: 'telegram',
        handle: '1001',
      },
      {
        userId,
        name: 'Pat Quinn',
        company: 'Quinn Labs',
        language: 'en',
        source: 'email',
        handle: 'pat@quinn.io',
      },
    ]);
    const pipedriveToken = `pd-${userId}`;
    pipedrive.addAccount(pipedriveToken, [
      pipedrivePerson(11, 'Ann Lee', { org: 'Acme', email: 'ann@acme.com', phone: '+1 415 555 0100' }),
      pipedrivePerson(12, 'Bo Chen', { org: 'Globex' }),
    ]);
    const apolloKey = `ap-${userId}`;
    apollo.addAccount(apolloKey, [
      apolloPerson('c1', 'Cara Diaz', {
        title: 'Partner',
        org: 'Seed Fund',
        email: 'cara@seedfund.com',
        linkedin: 'https://www.linkedin.com/in/caradiaz',
      }),
      apolloPerson('c2', 'Dan Evans', { title: 'Managing Partner', org: 'Growth VC' }),
      apolloPerson('c3', 'Ed Engineer', { title: 'Engineer', org: 'Initech', email: 'ed@initech.com' }),
    ]);
    const pdlKey = `pdl-${userId}`;
    pdl.addKey(pdlKey);
    pdl.addRecord(
      { email: 'ann@acme.com' },
      {
        full_name: 'ann lee',
        work_email: 'ann@globex.com',
        job_title: 'VP Engineering',
        job_company_name: 'Globex',
        job_company_size: '201-500',
        linkedin_url: 'linkedin.com/in/annlee',
        mobile_phone: '+14155550123',
      },
    );
    pdl.addRecord(
      { name: 'Bo Chen', company: 'Globex' },
      {
        full_name: 'bo chen',
        work_email: 'bo@globex.com',
        job_title: 'Head of Sales',
        job_company_name: 'Globex Corporation',
        job_company_size: '51-200',
      },
    );
    sheets.addSheet(
      `sheet-${userId}`,
      'Full name,Company,Email,Language\nEva Müller,Kraftwerk GmbH,eva@kraftwerk.de,de\n,No Name Co,,\n',
    );
    for (const [provider, apiKey] of [
      ['pipedrive', pipedriveToken],
      ['apollo', apolloKey],
      ['people_data_labs', pdlKey],
    ] as const) {
      await saveGrowthCredential(doppel.ctx, userId, provider, { apiKey });
    }
    campaignId = await newCampaign(
      user,
      {
        sources: [
          'inner_crm',
          'pipedrive',
          'apollo_search',
          'google_sheets',
          'manual_input',
          'linkedin_search',
        ],
        tools: ['people_data_labs', 'hunter', 'clearbit'],
        channels: ['email', 'whatsapp', 'linkedin'],
      },
      {
        filters: { job_titles: ['Partner'] },
        sourceConfigs: {
          google_sheets: { url: `${sheets.baseUrl}/spreadsheets/d/sheet-${userId}/export?format=csv` },
        },
      },
    );
    await createLead(doppel.ctx, userId, campaignId, { name: 'Gil Hart', company: 'Hart & Co' });
    await start(user, campaignId);
    await runJobs(user);
  });

  it('imports from every source that can be read and says why the others cannot', async () => {
    const leads = await leadsOf(campaignId);
    expect(leads.map((lead) => [lead.name, lead.source])).toEqual([
      ['Ann Lee', 'pipedrive'],
      ['Bo Chen', 'pipedrive'],
      ['Cara Diaz', 'apollo_search'],
      ['Dan Evans', 'apollo_search'],
      ['Eva Müller', 'google_sheets'],
      ['Gil Hart', 'manual_input'],
      ['Olga Ivanova', 'inner_crm'],
      ['Pat Quinn', 'inner_crm'],
    ]);
    const { run } = await campaignRow(campaignId);
    expect(run.notes.filter((note) => note.stage === 'extraction')).toEqual([
      { stage: 'extraction', subject: 'inner_crm', outcome: 'imported', count: 2 },
      { stage: 'extraction', subject: 'pipedrive', outcome: 'imported', count: 2 },
      { stage: 'extraction', subject: 'apollo_search', outcome: 'imported', count: 2 },
      {
        stage: 'extraction',
        subject: 'google_sheets',
        outcome: 'imported',
        count: 1,
        detail: '1 row was skipped (no name, or an email that is not an address).',
        problem: 'rows_skipped',
        skipped: 1,
      },
      { stage: 'extraction', subject: 'manual_input', outcome: 'imported', count: 1 },
      { stage: 'extraction', subject: 'linkedin_search', outcome: 'unavailable' },
    ]);
    // The API carries the code and its count for the web app to word, beside the English.
    const onApi = await runOnApi(user, campaignId);
    expect(onApi.notes.find((note) => note.subject === 'google_sheets')).toMatchObject({
      problem: 'rows_skipped',
      skipped: 1,
    });
    // Apollo was asked for the campaign's titles, with its key in the header.
    const search = apollo.requests.find((request) => request.headers['x-api-key'] === `ap-${user.userId}`);
    expect(search!.body).toMatchObject({ q_keywords: 'Partner', person_titles: ['Partner'] });
    // Inner CRM leads are linked to the contacts they were copied from.
    const olga = byName(leads, 'Olga Ivanova');
    const [olgaContact] = await doppel.ctx.db.select().from(contacts).where(eq(contacts.id, olga.contactId!));
    expect(olgaContact).toMatchObject({ name: 'Olga Ivanova', source: 'telegram' });
    expect(olga.externalId).toBe(olgaContact!.id);
    expect(olga.language).toBe('ru');
    expect(byName(leads, 'Pat Quinn').email).toBe('pat@quinn.io');
  });

  it('fills real values into the lead and keeps simulated ones in the map only, marked', async () => {
    const leads = await leadsOf(campaignId);
    expect(leads.every((lead) => lead.enrichedAt !== null)).toBe(true);

    const ann = byName(leads, 'Ann Lee');
    // Real values fill empty columns only; the address Ann is known by stays.
    expect(ann).toMatchObject({
      email: 'ann@acme.com',
      company: 'Acme',
      position: 'VP Engineering',
      phone: '+1 415 555 0100',
      linkedinUrl: 'https://linkedin.com/in/annlee',
    });
    expect(ann.enrichment).toEqual({
      job_title: { value: 'VP Engineering', provider: 'people_data_labs', simulated: false },
      social_profiles: {
        value: 'https://linkedin.com/in/annlee',
        provider: 'people_data_labs',
        simulated: false,
      },
      company_size: { value: '201-500', provider: 'people_data_labs', simulated: false },
      // PDL says Ann works at Globex now: a job change, kept for the job-change task.
      company_change: {
        value: 'Globex',
        provider: 'people_data_labs',
        simulated: false,
        from: 'Acme',
        to: 'Globex',
      },
    });

    // …and the job change became a congratulation task, once.
    const jobChanges = (await tasksOf(user.userId)).filter(
      (task) => task.context.triggerType === 'linkedin_job_change',
    );
    expect(jobChanges).toHaveLength(1);
    expect(jobChanges[0]!.context.triggerData).toMatchObject({ jobChangeCompany: 'Globex' });

    const bo = byName(leads, 'Bo Chen');
    expect(bo).toMatchObject({ email: 'bo@globex.com', position: 'Head of Sales', company: 'Globex' });
    expect(bo.enrichment.company_change).toBeUndefined();
    expect(bo.enrichment.phone).toMatchObject({ provider: 'hunter', simulated: true });
    expect(bo.phone).toBeNull();

    const gil = byName(leads, 'Gil Hart');
    expect(gil.enrichment.email).toEqual({
      value: 'gil.hart@hartco.example',
      provider: 'hunter',
      simulated: true,
    });
    expect(gil.enrichment.phone!.value).toMatch(/^\+1-\d{3}-555-01\d{2}$/);
    // Nothing made up reaches the columns a lead is contacted through.
    expect(gil).toMatchObject({ email: null, phone: null, linkedinUrl: null, position: null });
    for (const lead of leads) {
      for (const value of Object.values(lead.enrichment)) {
        if (value.simulated) expect(value.provider).not.toBe('people_data_labs');
      }
      expect(lead.email ?? '').not.toMatch(/\.example$/);
    }
    // The score follows the real fields: Bo gained an email, a position and more.
    expect(bo.matchScore).toBeGreaterThan(gil.matchScore);

    const { run } = await campaignRow(campaignId);
    expect(run.notes.filter((note) => note.stage === 'enrichment')).toEqual([
      { stage: 'enrichment', subject: 'people_data_labs', outcome: 'enriched', count: 2 },
      { stage: 'enrichment', subject: 'hunter', outcome: 'simulated', count: 7 },
      { stage: 'enrichment', subject: 'clearbit', outcome: 'simulated', count: 0 },
    ]);
    // Hunter had no key: it was simulated, never called.
    expect(hunter.requests).toHaveLength(0);
  });

  it('creates one drafted outreach task per lead, reaching each on its first channel with a real address', async () => {
    const leads = await leadsOf(campaignId);
    const own = (await tasksOf(user.userId)).filter((task) => task.context.campaignId === campaignId);
    expect(own).toHaveLength(8);
    for (const lead of leads) {
      const task = own.find((each) => each.id === lead.taskId)!;
      expect(task).toMatchObject({ type: 'proactive_message', contactId: lead.contactId, status: 'pending' });
      expect(task.context).toMatchObject({ campaignId, leadId: lead.id });
      expect(task.title).toBe(`Reach out to ${lead.name}${lead.company ? ` (${lead.company})` : ''}`);
      expect(Object.keys(task.responses).sort()).toEqual(['detailed', 'quick']);
    }
    const contactOf = async (name: string) => {
      const [row] = await doppel.ctx.db
        .select()
        .from(contacts)
        .where(eq(contacts.id, byName(leads, name).contactId!));
      return row!;
    };
    expect(await contactOf('Ann Lee')).toMatchObject({ source: 'email', handle: 'ann@acme.com' });
    expect(await contactOf('Bo Chen')).toMatchObject({ source: 'email', handle: 'bo@globex.com' });
    // Gil's only email is simulated: he is written to by hand, never at the made-up address.
    expect(await contactOf('Gil Hart')).toMatchObject({ source: 'other', handle: null });
    expect(await contactOf('Dan Evans')).toMatchObject({ source: 'other', handle: null });
    // Drafts are in the lead's language: Olga's in Russian, Eva's in German.
    const draftOf = (name: string) => own.find((task) => task.id === byName(leads, name).taskId)!;
    expect(draftOf('Olga Ivanova').context.language).toBe('ru');
    expect(draftOf('Olga Ivanova').responses.quick).toMatch(/[А-Яа-я]/);
    expect(draftOf('Eva Müller').context.language).toBe('de');
    expect(draftOf('Ann Lee').context.language).toBe('en');

    const { run } = await campaignRow(campaignId);
    expect(run.notes.filter((note) => note.stage === 'engagement')).toEqual(
      expect.arrayContaining([
        { stage: 'engagement', subject: 'email', outcome: 'tasks_created', count: 5 },
        { stage: 'engagement', subject: 'other', outcome: 'tasks_created', count: 2 },
        { stage: 'engagement', subject: 'telegram', outcome: 'tasks_created', count: 1 },
      ]),
    );
  });

  it('ends with every stage complete, progress 100 and the run idle while the campaign stays active', async () => {
    const row = await campaignRow(campaignId);
    expect(row).toMatchObject({
      status: 'active',
      progress: 100,
      currentStage: 'engagement',
      stageCompletion: { extraction: true, enrichment: true, engagement: true },
      run: { state: 'idle', stage: 'engagement', error: null },
    });
    expect(await queuedRuns(campaignId)).toEqual([]);
    // Another run of the finished campaign creates nothing twice.
    await pause(user, campaignId);
    await start(user, campaignId);
    await runJobs(user);
    // 8 outreach tasks and Ann's job change.
    expect(await tasksOf(user.userId)).toHaveLength(9);
    expect(await leadsOf(campaignId)).toHaveLength(8);
  });

  it('leaves an approved email to send by hand without the user’s mailbox, and marks the lead contacted', async () => {
    // With a mailbox connected it is queued and sent from it (campaign-email.routes.test.ts).
    const ann = byName(await leadsOf(campaignId), 'Ann Lee');
    const sent = await sendTaskMessage(doppel.ctx, user.userId, ann.taskId!, {
      text: 'Hello Ann, may I tell you about our seed round?',
      kind: 'quick',
    });
    expect(sent.delivery).toEqual({ status: 'to_send_manually', channel: 'email' });
    expect(await doppel.ctx.db.select().from(emailSends).where(eq(emailSends.userId, user.userId))).toEqual(
      [],
    );
    const after = byName(await leadsOf(campaignId), 'Ann Lee');
    expect(after.status).toBe('contacted');
    expect(after.lastContactAt).not.toBeNull();
    expect(after.contactedAt).not.toBeNull();
  });
});

describe('runs that need setup', () => {
  it('says which sources need a key, an address, or have no open API, and still runs the rest', async () => {
    const user = await signedInUser(doppel);
    await doppel.ctx.db
      .insert(contacts)
      .values({ userId: user.userId, name: 'Hana Ito', company: 'Kaizen', source: 'slack', handle: 'U1' });
    const id = await newCampaign(user, {
      sources: ['pipedrive', 'apollo_search', 'google_sheets', 'web_deep_search', 'inner_crm'],
    });
    await start(user, id);
    await runJobs(user);
    const row = await campaignRow(id);
    expect(row.run.notes.filter((note) => note.stage === 'extraction')).toEqual([
      { stage: 'extraction', subject: 'pipedrive', outcome: 'needs_credential' },
      { stage: 'extraction', subject: 'apollo_search', outcome: 'needs_credential' },
      { stage: 'extraction', subject: 'google_sheets', outcome: 'needs_url' },
      { stage: 'extraction', subject: 'web_deep_search', outcome: 'unavailable' },
      { stage: 'extraction', subject: 'inner_crm', outcome: 'imported', count: 1 },
    ]);
    expect(row).toMatchObject({ progress: 100, run: { state: 'idle', error: null } });
  });

  it('fails the run when no source gave a lead, and finishes it once the user fixes the setup', async () => {
    const user = await signedInUser(doppel);
    const id = await newCampaign(user, { sources: ['pipedrive', 'csv_upload'] });
    await start(user, id);
    await runJobs(user);
    const failed = await campaignRow(id);
    expect(failed).toMatchObject({
      status: 'active',
      // Every source was tried, but the stage is not complete: progress stays below 33.
      progress: 32,
      currentStage: 'extraction',
      stageCompletion: { extraction: false },
      run: { state: 'failed', stage: 'extraction' },
    });
    expect(failed.run.error).toBe(
      'No leads were found (pipedrive: needs credential). Add leads or set up a source, then retry the run.',
    );
    expect(await runOnApi(user, id)).toMatchObject({ state: 'failed', errorCode: 'no_leads' });
    expect(await queuedRuns(id)).toEqual([]);

    const token = `pd-fix-${user.userId}`;
    pipedrive.addAccount(token, [pipedrivePerson(99, 'Ivy Jones', { org: 'Jet', email: 'ivy@jet.io' })]);
    await saveGrowthCredential(doppel.ctx, user.userId, 'pipedrive', { apiKey: token });
    // Retry (the run's own button), without a Pause and a Start.
    const retry = () =>
      doppel.app.inject({
        method: 'POST',
        url: `/api/campaigns/${id}/retry`,
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
    const retried = await retry();
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'active', run: { state: 'running', error: null } });
    expect(retried.json().run).not.toHaveProperty('errorCode');
    expect(await queuedRuns(id)).toHaveLength(1);
    await runJobs(user);
    const fixed = await campaignRow(id);
    expect(fixed).toMatchObject({ progress: 100, run: { state: 'idle', error: null } });
    expect(fixed.run.notes.filter((note) => note.stage === 'extraction')).toEqual([
      { stage: 'extraction', subject: 'pipedrive', outcome: 'imported', count: 1 },
      { stage: 'extraction', subject: 'csv_upload', outcome: 'imported', count: 0 },
    ]);
    // A run that has not failed is not retried.
    const again = await retry();
    expect(again.statusCode).toBe(409);
    expect(await queuedRuns(id)).toEqual([]);
  });

  it('reports a refused Pipedrive token in our words and never the token', async () => {
    const user = await signedInUser(doppel);
    await saveGrowthCredential(doppel.ctx, user.userId, 'pipedrive', { apiKey: 'not-a-known-token-1' });
    const id = await newCampaign(user, { sources: ['pipedrive', 'manual_input'] });
    await createLead(doppel.ctx, user.userId, id, { name: 'Jo Kim' });
    await start(user, id);
    await runJobs(user);
    const row = await campaignRow(id);
    expect(row.run.notes[0]).toEqual({
      stage: 'extraction',
      subject: 'pipedrive',
      outcome: 'failed',
      detail: 'The Pipedrive API token was refused.',
      problem: 'credential_refused',
    });
    expect((await runOnApi(user, id)).notes[0]).toMatchObject({ problem: 'credential_refused' });
    expect(JSON.stringify(row.run)).not.toContain('not-a-known-token');
    expect(row.progress).toBe(100);
  });

  it('stops at enrichment when the only tool’s key is refused, then resumes with a good key', async () => {
    const user = await signedInUser(doppel);
    await saveGrowthCredential(doppel.ctx, user.userId, 'people_data_labs', { apiKey: 'pdl-refused-0001' });
    const id = await newCampaign(user, { tools: ['people_data_labs'] });
    await createLead(doppel.ctx, user.userId, id, { name: 'Kai Lund', company: 'Lund AB' });
    await start(user, id);
    await runJobs(user);
    const stopped = await campaignRow(id);
    expect(stopped).toMatchObject({
      progress: 33,
      currentStage: 'enrichment',
      stageCompletion: { extraction: true, enrichment: false, engagement: false },
      run: {
        state: 'failed',
        stage: 'enrichment',
        error:
          'No enrichment tool could be used: People Data Labs: The People Data Labs API key was refused.',
        errorCode: 'no_enrichment_tool',
      },
    });
    expect(await runOnApi(user, id)).toMatchObject({
      errorCode: 'no_enrichment_tool',
      notes: expect.arrayContaining([
        {
          stage: 'enrichment',
          subject: 'people_data_labs',
          outcome: 'failed',
          detail: 'The People Data Labs API key was refused.',
          problem: 'credential_refused',
        },
      ]),
    });
    expect((await leadsOf(id))[0]!.enrichedAt).toBeNull();
    expect(await tasksOf(user.userId)).toEqual([]);

    const key = `pdl-good-${user.userId}`;
    pdl.addKey(key);
    await saveGrowthCredential(doppel.ctx, user.userId, 'people_data_labs', { apiKey: key });
    await pause(user, id);
    await start(user, id);
    await runJobs(user);
    const resumed = await campaignRow(id);
    expect(resumed).toMatchObject({ progress: 100, run: { state: 'idle', error: null } });
    expect(resumed.run).not.toHaveProperty('errorCode');
    expect(resumed.run.notes.filter((note) => note.stage === 'enrichment')).toEqual([
      { stage: 'enrichment', subject: 'people_data_labs', outcome: 'enriched', count: 0 },
    ]);
  });
});

describe('why a source or the run failed, as codes for the web app', () => {
  it('codes what a source could not give: no search for Apollo, a sheet without names, unshared or not http', async () => {
    const user = await signedInUser(doppel);
    await saveGrowthCredential(doppel.ctx, user.userId, 'apollo', { apiKey: `ap-codes-${user.userId}` });
    sheets.addSheet(`nameless-${user.userId}`, 'Company,Email\nAcme,ann@acme.com\n');
    sheets.addPrivateSheet(`closed-${user.userId}`);
    const sheetUrl = (sheet: string) =>
      `${sheets.baseUrl}/spreadsheets/d/${sheet}-${user.userId}/export?format=csv`;
    const sourcesWith = async (url: string) => {
      const id = await newCampaign(
        user,
        { sources: ['apollo_search', 'google_sheets', 'manual_input'] },
        { sourceConfigs: { google_sheets: { url } } },
      );
      await createLead(doppel.ctx, user.userId, id, { name: 'Ray Sato' });
      await start(user, id);
      await runJobs(user);
      return (await runOnApi(user, id)).notes.filter((note) => note.outcome === 'failed');
    };

    expect(await sourcesWith(sheetUrl('nameless'))).toEqual([
      {
        stage: 'extraction',
        subject: 'apollo_search',
        outcome: 'failed',
        detail: 'Apollo search needs a search phrase or job titles; add them in the campaign settings.',
        problem: 'apollo_needs_query',
      },
      {
        stage: 'extraction',
        subject: 'google_sheets',
        outcome: 'failed',
        detail: 'The sheet has no column of names (Name, Full name, Contact…) in its first row.',
        problem: 'sheet_no_name_column',
      },
    ]);
    expect((await sourcesWith(sheetUrl('closed')))[1]).toMatchObject({
      subject: 'google_sheets',
      problem: 'sheet_not_shared',
      detail: expect.stringContaining('Anyone with the link'),
    });
    expect((await sourcesWith('ftp://example.com/leads.csv'))[1]).toMatchObject({
      subject: 'google_sheets',
      problem: 'sheet_address_refused',
      detail: 'The sheet could not be read: Only http and https links can be added.',
    });
  });

  it('codes a source read once the campaign already holds its target', async () => {
    const user = await signedInUser(doppel);
    await doppel.ctx.db
      .insert(contacts)
      .values({ userId: user.userId, name: 'Sam Tal', source: 'email', handle: 'sam@tal.io' });
    const id = await newCampaign(user, { sources: ['manual_input', 'inner_crm'], targetContactCount: 10 });
    for (let lead = 0; lead < 10; lead++) {
      await createLead(doppel.ctx, user.userId, id, { name: `Lead ${lead}` });
    }
    await start(user, id);
    await runJobs(user);
    expect((await runOnApi(user, id)).notes).toContainEqual({
      stage: 'extraction',
      subject: 'inner_crm',
      outcome: 'imported',
      count: 0,
      detail: 'The campaign already has its target number of leads.',
      problem: 'target_reached',
    });
  });

  it('codes a provider’s server error with its HTTP status', async () => {
    const user = await signedInUser(doppel);
    const token = `pd-503-${user.userId}`;
    pipedrive.addAccount(token, [pipedrivePerson(31, 'Tia Umar')]);
    await saveGrowthCredential(doppel.ctx, user.userId, 'pipedrive', { apiKey: token });
    const id = await newCampaign(user, { sources: ['pipedrive', 'manual_input'] });
    await createLead(doppel.ctx, user.userId, id, { name: 'Uma Vance' });
    await start(user, id);
    // The first call and its one retry both fail.
    pipedrive.failNext({ status: 503 }, { status: 503 });
    await runJobs(user);
    expect((await runOnApi(user, id)).notes[0]).toEqual({
      stage: 'extraction',
      subject: 'pipedrive',
      outcome: 'failed',
      detail: 'Pipedrive answered with an error (HTTP 503).',
      problem: 'provider_error',
      httpStatus: 503,
    });
  });

  it('codes a run whose job failed for good', async () => {
    const user = await signedInUser(doppel);
    const id = await newCampaign(user, {});
    await start(user, id);
    await campaignRunJob(doppel.ctx).onFailed?.({ userId: user.userId, campaignId: id }, new Error('boom'));
    expect(await runOnApi(user, id)).toMatchObject({
      state: 'failed',
      errorCode: 'stopped_unexpectedly',
      error: 'The run stopped after an unexpected error; pause and start the campaign to try again.',
    });
  });
});

describe('slices, pausing and resuming', () => {
  it('moves progress with stage completion: 33 after extraction, 66 after enrichment, 100 after engagement', async () => {
    const user = await signedInUser(doppel);
    await doppel.ctx.db
      .insert(contacts)
      .values({ userId: user.userId, name: 'Lea Moss', source: 'email', handle: 'lea@moss.io' });
    const id = await newCampaign(user, { sources: ['inner_crm', 'manual_input'] });
    await createLead(doppel.ctx, user.userId, id, { name: 'Max Nord', company: 'Nord' });
    await start(user, id);
    const seen: Array<[number, string, boolean, boolean, boolean]> = [];
    for (let slice = 0; slice < 4; slice++) {
      await runCampaignSlice(doppel.ctx, user.userId, id);
      const row = await campaignRow(id);
      const done = row.stageCompletion;
      seen.push([row.progress, row.currentStage, done.extraction, done.enrichment, done.engagement]);
    }
    expect(seen).toEqual([
      [16, 'extraction', false, false, false],
      [33, 'enrichment', true, false, false],
      [66, 'engagement', true, true, false],
      [100, 'engagement', true, true, true],
    ]);
    // The queued next slice finds nothing left to do.
    await runJobs(user);
    expect(await queuedRuns(id)).toEqual([]);
    expect((await campaignRow(id)).progress).toBe(100);
  });

  it('stops at the next slice when paused mid-run, and a restart resumes where it stopped', async () => {
    const user = await signedInUser(doppel);
    const token = `pd-pause-${user.userId}`;
    const key = `ap-pause-${user.userId}`;
    pipedrive.addAccount(token, [pipedrivePerson(21, 'Nia Ortiz'), pipedrivePerson(22, 'Oli Park')]);
    apollo.addAccount(key, [apolloPerson('p1', 'Pia Quest', { title: 'Partner', org: 'Quest' })]);
    await saveGrowthCredential(doppel.ctx, user.userId, 'pipedrive', { apiKey: token });
    await saveGrowthCredential(doppel.ctx, user.userId, 'apollo', { apiKey: key });
    const id = await newCampaign(
      user,
      { sources: ['pipedrive', 'apollo_search'] },
      { sourceConfigs: { apollo_search: { query: 'partner' } } },
    );
    await start(user, id);
    // The user presses Pause while the run is reading Pipedrive.
    pipedrive.onRequest(async (request) => {
      if (request.query.get('api_token') === token) await pause(user, id);
    });
    try {
      await runJobs(user);
    } finally {
      pipedrive.onRequest(null);
    }
    const paused = await campaignRow(id);
    expect(paused).toMatchObject({
      status: 'paused',
      stageCompletion: { extraction: false },
      run: { state: 'idle', error: null },
    });
    // The slice in hand finished (Pipedrive's leads are kept); the next one never ran.
    expect(paused.run.notes).toEqual([
      { stage: 'extraction', subject: 'pipedrive', outcome: 'imported', count: 2 },
    ]);
    expect(apollo.requests.filter((request) => request.headers['x-api-key'] === key)).toHaveLength(0);
    expect(await queuedRuns(id)).toEqual([]);

    await start(user, id);
    await runJobs(user);
    const resumed = await campaignRow(id);
    expect(resumed).toMatchObject({ status: 'active', progress: 100, run: { state: 'idle' } });
    expect((await leadsOf(id)).map((lead) => lead.name)).toEqual(['Nia Ortiz', 'Oli Park', 'Pia Quest']);
    // Pipedrive was not read again: its note said it was done.
    expect(pipedrive.requests.filter((request) => request.query.get('api_token') === token)).toHaveLength(1);
  });

  it('does nothing for a campaign that is not active', async () => {
    const user = await signedInUser(doppel);
    const id = await newCampaign(user, {});
    await createLead(doppel.ctx, user.userId, id, { name: 'Quinn Rae' });
    const before = await campaignRow(id);
    await doppel.ctx.db.transaction((tx) => enqueueCampaignRun(doppel.ctx, tx, user.userId, id));
    expect(await runJobs(user)).toBe(1);
    const after = await campaignRow(id);
    expect(after).toEqual(before);
    expect(await queuedRuns(id)).toEqual([]);
  });

  it('queues one next slice at most, however often the campaign is started', async () => {
    const user = await signedInUser(doppel);
    const id = await newCampaign(user, {});
    await start(user, id);
    await pause(user, id);
    await start(user, id);
    await doppel.ctx.db.transaction((tx) => enqueueCampaignRun(doppel.ctx, tx, user.userId, id));
    expect(await queuedRuns(id)).toHaveLength(1);
  });
});

describe('replies', () => {
  it('an inbound message from a contacted lead’s contact moves the lead to responded', async () => {
    const user = await signedInUser(doppel);
    const id = await newCampaign(user, { channels: ['whatsapp'] });
    await createLead(doppel.ctx, user.userId, id, { name: 'Rosa Silva', phone: '+55 11 91234-5678' });
    await start(user, id);
    await runJobs(user);
    const [lead] = await leadsOf(id);
    const [contact] = await doppel.ctx.db.select().from(contacts).where(eq(contacts.id, lead!.contactId!));
    expect(contact).toMatchObject({ source: 'whatsapp', handle: '5511912345678' });

    const inbound = (eventId: string) =>
      receiveMessage(doppel.ctx, {
        userId: user.userId,
        connectionId: '00000000-0000-4000-8000-000000000000',
        platform: 'whatsapp',
        message: {
          eventId,
          handle: '5511912345678',
          senderName: 'Rosa Silva',
          text: 'Olá! Sim, vamos conversar.',
          sentAt: new Date().toISOString(),
        },
      });
    // Not contacted yet: a message is not a reply.
    await inbound('wamid.1');
    expect((await leadsOf(id))[0]!.status).toBe('new');

    await sendTaskMessage(doppel.ctx, user.userId, lead!.taskId!, { text: 'Olá Rosa!' });
    expect((await leadsOf(id))[0]!.status).toBe('contacted');
    await inbound('wamid.2');
    const responded = (await leadsOf(id))[0]!;
    expect(responded.status).toBe('responded');
    expect(responded.respondedAt).not.toBeNull();
  });
});

describe('token usage', () => {
  it('drafts with the user’s model, records the tokens against the campaign, and keeps to its budget', async () => {
    const user = await signedInUser(doppel);
    const call = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      doppel.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });
    const model = await call('POST', '/api/ai/models', {
      name: 'fake-gpt',
      provider: 'openai-compatible',
      modelId: 'fake-gpt',
      baseUrl: openAi.baseUrl,
      apiKey: 'sk-test-key',
    });
    expect(model.statusCode, model.body).toBe(201);
    await call('PATCH', '/api/settings', { aiPreferences: { defaultModel: model.json().id } });

    // A budget of 1 thousand tokens: the first lead's two drafts spend it.
    const id = await newCampaign(user, {}, { totalBudget: 1 });
    await createLead(doppel.ctx, user.userId, id, { name: 'Sam Tull', company: 'Tull' });
    await createLead(doppel.ctx, user.userId, id, { name: 'Uma Vance', company: 'Vance' });
    openAi.requests.length = 0;
    openAi.script(
      { kind: 'reply', text: 'Hi Sam, a quick hello.', promptTokens: 480, completionTokens: 20 },
      { kind: 'reply', text: 'Hi Sam, a longer hello.', promptTokens: 480, completionTokens: 40 },
    );
    await start(user, id);
    await runJobs(user);

    const usage = await doppel.ctx.db.select().from(tokenUsage).where(eq(tokenUsage.userId, user.userId));
    expect(
      usage.map((row) => [row.campaignId, row.purpose, row.promptTokens + row.completionTokens]),
    ).toEqual([
      [id, 'draft', 500],
      [id, 'draft', 520],
    ]);
    const leads = await leadsOf(id);
    const own = await tasksOf(user.userId);
    const sam = own.find((task) => task.id === byName(leads, 'Sam Tull').taskId)!;
    expect(sam.responses).toEqual({ quick: 'Hi Sam, a quick hello.', detailed: 'Hi Sam, a longer hello.' });
    // Uma came after the budget was spent: the offline engine drafted her task.
    const uma = own.find((task) => task.id === byName(leads, 'Uma Vance').taskId)!;
    expect(Object.keys(uma.responses).sort()).toEqual(['detailed', 'quick']);
    expect(uma.responses.quick).not.toContain('hello.');
    expect(openAi.requests.filter((request) => request.path.endsWith('/chat/completions'))).toHaveLength(2);

    const campaign = await doppel.app.inject({
      method: 'GET',
      url: `/api/campaigns/${id}`,
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(campaign.json()).toMatchObject({
      budget: { total: 1, spent: 1 },
      ai_config: { tokens_used: 1020 },
    });
  });
});
