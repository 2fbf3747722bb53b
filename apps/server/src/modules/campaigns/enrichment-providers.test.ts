import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, CreateCampaignInput, GrowthProvider, Lead, LeadPage } from '@doppel/contracts';
import type { DoppelApp } from '../../app';
import type { PollPolicy } from '../../lib/config';
import type { RetryPolicy } from '../../lib/retrying-fetch';
import { lushaContact, startFakeLusha, type FakeLusha } from '../../test-support/fake-growth/lusha';
import {
  rocketReachProfile,
  startFakeRocketReach,
  type FakeRocketReach,
} from '../../test-support/fake-growth/rocketreach';
import { startFakeSnov, type FakeSnov } from '../../test-support/fake-growth/snov';
import { createTestApp, signedInUser } from '../../test-support/test-app';

/*
 * Lusha, Snov.io and RocketReach in a campaign run, end to end: keys saved through the API, a
 * campaign and its leads made through the API, the run driven through the durable jobs, and the
 * providers real HTTP servers speaking their protocols on 127.0.0.1.
 */

const fast: RetryPolicy = { maxRetries: 1, baseDelayMs: 10, maxDelayMs: 100 };
const quickPoll: PollPolicy = { attempts: 3, intervalMs: 5 };
/** Nothing listens here: a call to a provider these tests do not use would fail loudly. */
const UNUSED = 'http://127.0.0.1:9';

let doppel: DoppelApp;
let lusha: FakeLusha;
let snov: FakeSnov;
let rocketReach: FakeRocketReach;

beforeAll(async () => {
  [lusha, snov, rocketReach] = await Promise.all([startFakeLusha(), startFakeSnov(), startFakeRocketReach()]);
  doppel = await createTestApp({
    config: {
      growthApiUrls: {
        pipedrive: UNUSED,
        apollo: UNUSED,
        hunter: UNUSED,
        peopleDataLabs: UNUSED,
        lusha: lusha.baseUrl,
        snov: snov.baseUrl,
        rocketreach: rocketReach.baseUrl,
      },
      growthRetry: fast,
      growthPoll: quickPoll,
    },
  });
  // What the providers know, whoever asks: keys are per user below.
  lusha.addContact(
    { firstName: 'Ann', lastName: 'Lee', companyName: 'Acme' },
    lushaContact(1, 'Ann Lee', {
      phones: [{ number: '+1 415 555 0102', phoneType: 'Mobile', doNotCall: false }],
      title: 'VP Engineering',
      company: 'Acme Inc.',
      companySize: [51, 200],
      linkedin: 'https://www.linkedin.com/in/annlee',
    }),
  );
  snov.addCompany('Acme', 'acme.com');
  snov.addCompany('Initech', 'initech.com');
  snov.addPerson('acme.com', 'Ann', 'Lee', [{ email: 'ann.lee@acme.com', smtp_status: 'valid' }]);
  rocketReach.addProfile(
    rocketReachProfile(202, 'Bo Chen', {
      current_title: 'Head of Sales',
      current_employer: 'Globex',
      linkedin_url: 'https://www.linkedin.com/in/bochen',
      emails: [{ email: 'bo@globex.com', smtp_valid: 'valid', type: 'professional', grade: 'A' }],
      phones: [{ number: '+1 212 555 0199', type: 'mobile', validity: 'valid', recommended: true }],
      job_history: [
        { company_name: 'Globex', title: 'Head of Sales', is_current: true },
        { company_name: 'Initech', title: 'Sales Manager', is_current: false },
      ],
    }),
  );
});
afterAll(async () => {
  await doppel.app.close();
  await Promise.all([lusha, snov, rocketReach].map((fake) => fake.close()));
});

type User = Awaited<ReturnType<typeof signedInUser>>;

async function call<T>(user: User, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await doppel.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

const saveKey = (user: User, provider: GrowthProvider, apiKey: string) =>
  call(user, 'PUT', `/api/growth/credentials/${provider}`, { apiKey });

/** Creates a campaign of the three tools with two manual leads, starts it and runs its jobs. */
async function runCampaign(user: User, tools: CreateCampaignInput['tools']): Promise<string> {
  const campaign = await call<Campaign>(user, 'POST', '/api/campaigns', {
    goal: 'acquire_customers',
    name: 'Contact data',
    sources: ['manual_input'],
    targetContactCount: 10,
    tools,
    channels: ['email'],
  } satisfies CreateCampaignInput);
  await call(user, 'POST', `/api/campaigns/${campaign.id}/leads`, { name: 'Ann Lee', company: 'Acme' });
  await call(user, 'POST', `/api/campaigns/${campaign.id}/leads`, { name: 'Bo Chen', company: 'Initech' });
  await call(user, 'POST', `/api/campaigns/${campaign.id}/status`, { action: 'start' });
  await doppel.ctx.jobs.runDue({ userId: user.userId });
  return campaign.id;
}

async function leadsOf(user: User, id: string): Promise<Record<string, Lead>> {
  const page = await call<LeadPage>(user, 'GET', `/api/campaigns/${id}/leads`);
  return Object.fromEntries(page.items.map((lead) => [lead.name, lead]));
}

async function enrichmentNotes(user: User, id: string) {
  const campaign = await call<Campaign>(user, 'GET', `/api/campaigns/${id}`);
  return { run: campaign.run, notes: campaign.run.notes.filter((note) => note.stage === 'enrichment') };
}

describe('a campaign enriching through Lusha, Snov.io and RocketReach', () => {
  it('fills its leads with the providers’ real values', async () => {
    const user = await signedInUser(doppel);
    const lushaKey = `lusha-${user.userId}`;
    const rocketKey = `rr-${user.userId}`;
    const snovId = `snov-id-${user.userId}`;
    lusha.addKey(lushaKey);
    rocketReach.addKey(rocketKey);
    snov.addAccount(snovId, 'snov-secret-0001');
    await saveKey(user, 'lusha', lushaKey);
    await saveKey(user, 'snov', `${snovId}:snov-secret-0001`);
    await saveKey(user, 'rocketreach', rocketKey);
    const tokensBefore = snov.tokensIssued();

    const id = await runCampaign(user, ['lusha', 'snov', 'rocketreach']);

    const { ann, bo } = await leadsOf(user, id).then((leads) => ({
      ann: leads['Ann Lee']!,
      bo: leads['Bo Chen']!,
    }));
    // Ann: Lusha knew her by name and company, Snov.io found her address at acme.com.
    expect(ann).toMatchObject({
      company: 'Acme',
      email: 'ann.lee@acme.com',
      position: 'VP Engineering',
      phone: '+1 415 555 0102',
      linkedinUrl: 'https://www.linkedin.com/in/annlee',
    });
    expect(ann.enrichment).toEqual({
      job_title: { value: 'VP Engineering', provider: 'lusha', simulated: false },
      phone: { value: '+1 415 555 0102', provider: 'lusha', simulated: false },
      social_profiles: { value: 'https://www.linkedin.com/in/annlee', provider: 'lusha', simulated: false },
      company_size: { value: '51-200', provider: 'lusha', simulated: false },
      email: { value: 'ann.lee@acme.com', provider: 'snov', simulated: false },
    });
    // "Acme Inc." is Acme: no job change.
    expect(ann.enrichment.company_change).toBeUndefined();

    // Bo: unknown to Lusha and to Snov.io at initech.com; RocketReach has him at Globex now.
    expect(bo).toMatchObject({
      company: 'Initech',
      email: 'bo@globex.com',
      position: 'Head of Sales',
      phone: '+1 212 555 0199',
      linkedinUrl: 'https://www.linkedin.com/in/bochen',
    });
    expect(bo.enrichment).toMatchObject({
      email: { value: 'bo@globex.com', provider: 'rocketreach', simulated: false },
      company_change: {
        value: 'Globex',
        provider: 'rocketreach',
        simulated: false,
        from: 'Initech',
        to: 'Globex',
      },
    });
    for (const lead of [ann, bo]) {
      for (const value of Object.values(lead.enrichment)) expect(value.simulated).toBe(false);
    }

    const { run, notes } = await enrichmentNotes(user, id);
    expect(run).toMatchObject({ state: 'idle', error: null });
    expect(notes).toEqual([
      { stage: 'enrichment', subject: 'lusha', outcome: 'enriched', count: 1 },
      { stage: 'enrichment', subject: 'snov', outcome: 'enriched', count: 1 },
      { stage: 'enrichment', subject: 'rocketreach', outcome: 'enriched', count: 1 },
    ]);

    // Each provider was called with the user's key, in its own way.
    const lushaCalls = lusha.requests.filter((request) => request.headers.api_key === lushaKey);
    expect(lushaCalls.map((request) => Object.fromEntries(request.query))).toEqual([
      { firstName: 'Ann', lastName: 'Lee', companyName: 'Acme' },
      { firstName: 'Bo', lastName: 'Chen', companyName: 'Initech' },
    ]);
    // One Snov.io token for the slice, however many leads it searched.
    expect(snov.tokensIssued() - tokensBefore).toBe(1);
    const rocketCalls = rocketReach.requests.filter((request) => request.headers['api-key'] === rocketKey);
    expect(rocketCalls.map((request) => Object.fromEntries(request.query))).toEqual([
      // Ann by the profile Lusha found (RocketReach does not know her), Bo by name and employer.
      { linkedin_url: 'https://www.linkedin.com/in/annlee' },
      { name: 'Bo Chen', current_employer: 'Initech' },
    ]);
  });

  it('notes a refused key as failed and goes on with the other tools', async () => {
    const user = await signedInUser(doppel);
    const rocketKey = `rr-${user.userId}`;
    const snovId = `snov-id-${user.userId}`;
    rocketReach.addKey(rocketKey);
    snov.addAccount(snovId, 'snov-secret-0002');
    // Lusha was never told this key.
    await saveKey(user, 'lusha', 'lusha-refused-key-0001');
    await saveKey(user, 'snov', `${snovId}:snov-secret-0002`);
    await saveKey(user, 'rocketreach', rocketKey);

    const id = await runCampaign(user, ['lusha', 'snov', 'rocketreach']);

    const { run, notes } = await enrichmentNotes(user, id);
    expect(run).toMatchObject({ state: 'idle', error: null });
    expect(run).not.toHaveProperty('errorCode');
    expect(notes).toEqual([
      {
        stage: 'enrichment',
        subject: 'lusha',
        outcome: 'failed',
        detail: 'The Lusha API key was refused.',
        problem: 'credential_refused',
      },
      { stage: 'enrichment', subject: 'snov', outcome: 'enriched', count: 1 },
      { stage: 'enrichment', subject: 'rocketreach', outcome: 'enriched', count: 1 },
    ]);
    expect(JSON.stringify(run)).not.toContain('lusha-refused-key');
    // Lusha was asked once, then left alone for the slice.
    expect(
      lusha.requests.filter((request) => request.headers.api_key === 'lusha-refused-key-0001'),
    ).toHaveLength(1);
    const leads = await leadsOf(user, id);
    expect(leads['Ann Lee']).toMatchObject({ email: 'ann.lee@acme.com', position: null });
    expect(leads['Bo Chen']).toMatchObject({ email: 'bo@globex.com', position: 'Head of Sales' });
    expect(Object.values(leads).every((lead) => lead.enrichment.email?.simulated === false)).toBe(true);
  });

  it('notes a Snov.io key not entered as CLIENT_ID:CLIENT_SECRET as refused, without calling Snov.io', async () => {
    const user = await signedInUser(doppel);
    const rocketKey = `rr-${user.userId}`;
    rocketReach.addKey(rocketKey);
    await saveKey(user, 'snov', 'snov-key-without-a-colon');
    await saveKey(user, 'rocketreach', rocketKey);
    const snovCalls = snov.requests.length;

    const id = await runCampaign(user, ['snov', 'rocketreach']);

    const { notes } = await enrichmentNotes(user, id);
    expect(notes).toEqual([
      {
        stage: 'enrichment',
        subject: 'snov',
        outcome: 'failed',
        detail: 'The Snov.io key must be entered as CLIENT_ID:CLIENT_SECRET.',
        problem: 'credential_refused',
      },
      { stage: 'enrichment', subject: 'rocketreach', outcome: 'enriched', count: 1 },
    ]);
    expect(snov.requests).toHaveLength(snovCalls);
  });

  it('runs a tool without a saved key simulated, its values marked and kept out of the lead’s columns', async () => {
    const user = await signedInUser(doppel);
    const rocketKey = `rr-${user.userId}`;
    rocketReach.addKey(rocketKey);
    await saveKey(user, 'rocketreach', rocketKey);
    const calls = { lusha: lusha.requests.length, snov: snov.requests.length };

    const id = await runCampaign(user, ['lusha', 'snov', 'rocketreach']);

    const { notes } = await enrichmentNotes(user, id);
    expect(notes).toEqual([
      { stage: 'enrichment', subject: 'lusha', outcome: 'simulated', count: 2 },
      { stage: 'enrichment', subject: 'snov', outcome: 'simulated', count: 0 },
      { stage: 'enrichment', subject: 'rocketreach', outcome: 'enriched', count: 1 },
    ]);
    // Without keys, neither Lusha nor Snov.io was called.
    expect(lusha.requests).toHaveLength(calls.lusha);
    expect(snov.requests).toHaveLength(calls.snov);

    const { 'Ann Lee': ann, 'Bo Chen': bo } = await leadsOf(user, id);
    expect(ann!.enrichment.email).toMatchObject({ provider: 'lusha', simulated: true });
    expect(ann!.enrichment.email!.value).toMatch(/\.example$/);
    expect(ann).toMatchObject({ email: null, phone: null, position: null, linkedinUrl: null });
    // RocketReach's real values replace the simulated ones for Bo, and reach his columns.
    expect(bo!.enrichment.email).toEqual({
      value: 'bo@globex.com',
      provider: 'rocketreach',
      simulated: false,
    });
    expect(bo).toMatchObject({ email: 'bo@globex.com', position: 'Head of Sales' });
  });
});
