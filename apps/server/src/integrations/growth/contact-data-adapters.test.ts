import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PollPolicy } from '../../lib/config';
import type { RetryPolicy } from '../../lib/retrying-fetch';
import type { FakeServer } from '../../test-support/fake-growth/fake-server';
import { lushaContact, startFakeLusha, type FakeLusha } from '../../test-support/fake-growth/lusha';
import {
  rocketReachProfile,
  startFakeRocketReach,
  type FakeRocketReach,
} from '../../test-support/fake-growth/rocketreach';
import { startFakeSnov, type FakeSnov } from '../../test-support/fake-growth/snov';
import type { EnrichableField, EnrichmentProvider, LeadToEnrich } from './enrichment-provider';
import { createLushaProvider } from './lusha';
import { GrowthProviderError } from './provider-http';
import { createRocketReachProvider } from './rocketreach';
import { createSnovProvider } from './snov';

const fast: RetryPolicy = { maxRetries: 2, baseDelayMs: 10, maxDelayMs: 3000 };
const quickPoll: PollPolicy = { attempts: 3, intervalMs: 5 };
const ALL_FIELDS: EnrichableField[] = ['email', 'company', 'job_title', 'phone', 'social_profiles'];

function lead(fields: Partial<LeadToEnrich> = {}): LeadToEnrich {
  return {
    name: 'Ann Lee',
    company: 'Acme',
    position: null,
    email: null,
    phone: null,
    linkedinUrl: null,
    found: {},
    ...fields,
  };
}

async function failure(promise: Promise<unknown>): Promise<GrowthProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GrowthProviderError);
  return error as GrowthProviderError;
}

/** Each refusal a provider can answer, and the code and kind the run notes it with. */
const REFUSALS = [
  { status: 401, kind: 'credential', problem: 'credential_refused' },
  { status: 402, kind: 'credential', problem: 'no_credits' },
  { status: 403, kind: 'credential', problem: 'access_refused' },
  { status: 429, kind: 'rate_limited', problem: 'rate_limited' },
  { status: 500, kind: 'unavailable', problem: 'provider_error' },
  { status: 422, kind: 'bad_answer', problem: 'request_refused' },
] as const;

/** Makes the fake answer `status` to the next call, and to its retries when the status is retried. */
function refuseNext(fake: FakeServer, status: number) {
  const attempts = status === 429 || status >= 500 ? fast.maxRetries + 1 : 1;
  fake.failNext(...Array.from({ length: attempts }, () => ({ status, retryAfter: 0 })));
}

describe('Lusha adapter', () => {
  const KEY = 'lusha-key-0001';
  let fake: FakeLusha;
  beforeAll(async () => {
    fake = await startFakeLusha();
    fake.addKey(KEY);
    fake.addContact(
      { firstName: 'Ann', lastName: 'Lee', companyName: 'Acme', email: 'ann.lee@gmail.com' },
      lushaContact(1, 'Ann Lee', {
        emails: [
          { email: 'ann.lee@gmail.com', emailType: 'private', emailConfidence: 'A' },
          { email: 'Ann@Globex.com', emailType: 'work', emailConfidence: 'A+' },
        ],
        phones: [
          { number: '+1 415 555 0100', phoneType: 'Phone', doNotCall: true },
          { number: '+1 415 555 0101', phoneType: 'Direct', doNotCall: false },
          { number: '+1 415 555 0102', phoneType: 'Mobile', doNotCall: false },
        ],
        title: 'VP Engineering',
        company: 'Globex',
        companyDomain: 'globex.com',
        companySize: [201, 500],
        linkedin: 'linkedin.com/in/annlee',
      }),
    );
    fake.addContact(
      { linkedinUrl: 'https://www.linkedin.com/in/bochen' },
      lushaContact(2, 'Bo Chen', {
        emails: [{ email: 'bo.chen@gmail.com', emailType: 'private', emailConfidence: 'B' }],
        phones: [{ number: '+44 20 7946 0000', phoneType: 'Phone', doNotCall: true }],
      }),
    );
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });
  const lusha = (key = KEY) => createLushaProvider(fake.baseUrl, key, { retry: fast });

  it('looks a person up by name and company with the key in the api_key header', async () => {
    const findings = await lusha().enrich(lead(), ALL_FIELDS);
    expect(findings).toEqual({
      fields: {
        // The work address before the private one, the mobile number before the direct line,
        // and never the number flagged Do Not Call.
        email: 'ann@globex.com',
        job_title: 'VP Engineering',
        company: 'Globex',
        company_size: '201-500',
        phone: '+1 415 555 0102',
        social_profiles: 'https://linkedin.com/in/annlee',
      },
      currentCompany: 'Globex',
    });
    const [request] = fake.requests;
    expect(request!.method).toBe('GET');
    expect(request!.path).toBe('/v2/person');
    expect(request!.headers.api_key).toBe(KEY);
    expect(Object.fromEntries(request!.query)).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      companyName: 'Acme',
    });
  });

  it('looks up by the lead’s email first, then by its LinkedIn profile', async () => {
    const byEmail = await lusha().enrich(lead({ email: 'ann.lee@gmail.com', company: null }), ['phone']);
    expect(byEmail.fields.email).toBe('ann@globex.com');
    expect(Object.fromEntries(fake.requests[0]!.query)).toEqual({ email: 'ann.lee@gmail.com' });

    const byProfile = await lusha().enrich(
      lead({ name: 'Bo Chen', company: null, linkedinUrl: 'https://www.linkedin.com/in/bochen' }),
      ['email'],
    );
    // A private address is taken when there is no work one; the only number is Do Not Call.
    expect(byProfile).toEqual({ fields: { email: 'bo.chen@gmail.com' } });
    expect(Object.fromEntries(fake.requests[1]!.query)).toEqual({
      linkedinUrl: 'https://www.linkedin.com/in/bochen',
    });
  });

  it('reads a person Lusha does not know as nothing found, and does not ask without enough to search by', async () => {
    await expect(lusha().enrich(lead({ name: 'Zed Young' }), ['email'])).resolves.toEqual({ fields: {} });
    expect(fake.requests).toHaveLength(1);
    fake.requests.length = 0;
    await expect(lusha().enrich(lead({ company: null }), ['email'])).resolves.toEqual({ fields: {} });
    await expect(lusha().enrich(lead({ name: 'Ann' }), ['email'])).resolves.toEqual({ fields: {} });
    expect(fake.requests).toHaveLength(0);
  });

  it('says the key was refused, in our words and never the key', async () => {
    const error = await failure(lusha('lusha-wrong-key-9').enrich(lead(), ['email']));
    expect(error).toMatchObject({
      kind: 'credential',
      problem: 'credential_refused',
      message: 'The Lusha API key was refused.',
      status: 401,
    });
    expect(error.message).not.toContain('wrong-key');
  });

  it.each(REFUSALS)('codes HTTP $status as $problem', async ({ status, kind, problem }) => {
    refuseNext(fake, status);
    const error = await failure(lusha().enrich(lead(), ['email']));
    expect(error).toMatchObject({ kind, problem, status });
  });

  it('says so when the answer is not Lusha’s shape', async () => {
    fake.failNext({ status: 200, body: { person: {} } });
    expect(await failure(lusha().enrich(lead(), ['email']))).toMatchObject({
      problem: 'unreadable_answer',
      message: 'Lusha answered with something we could not read.',
    });
  });
});

describe('Snov.io adapter', () => {
  const CLIENT_ID = 'snov-client-0001';
  const CLIENT_SECRET = 'snov-secret-abcdef';
  const KEY = `${CLIENT_ID}:${CLIENT_SECRET}`;
  let fake: FakeSnov;
  beforeAll(async () => {
    fake = await startFakeSnov();
    fake.addAccount(CLIENT_ID, CLIENT_SECRET);
    fake.addCompany('Acme', 'acme.com');
    fake.addCompany('Initech', 'initech.com');
    fake.addPerson('acme.com', 'Ann', 'Lee', [
      { email: 'lee@acme.com', smtp_status: 'not_valid' },
      { email: 'a.lee@acme.com', smtp_status: 'unknown' },
      { email: 'Ann.Lee@acme.com', smtp_status: 'valid' },
    ]);
    fake.addPerson('acme.com', 'Bo', 'Chen', [{ email: 'bo@acme.com', smtp_status: 'unknown' }]);
    fake.addPerson('acme.com', 'Cy', 'Dunn', [{ email: 'cy@acme.com', smtp_status: 'not_valid' }]);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.notReadyFor(0);
  });
  const snov = (key = KEY, poll = quickPoll) => createSnovProvider(fake.baseUrl, key, { retry: fast, poll });
  const paths = () => fake.requests.map((request) => `${request.method} ${request.path}`);

  it('gets a token with the client id and secret, then finds the domain and the email by name', async () => {
    const findings = await snov().enrich(lead(), ALL_FIELDS);
    // The valid address, not the unknown or the invalid one.
    expect(findings).toEqual({ fields: { email: 'ann.lee@acme.com' } });
    expect(paths()).toEqual([
      'POST /v1/oauth/access_token',
      'POST /v2/company-domain-by-name/start',
      'GET /v2/company-domain-by-name/result',
      'POST /v2/emails-by-domain-by-name/start',
      'GET /v2/emails-by-domain-by-name/result',
    ]);
    const [token, domainStart, domainResult, emailStart, emailResult] = fake.requests;
    expect(token!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(token!.rawBody))).toEqual({
      grant_type: 'client_credentials',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    });
    const bearer = domainStart!.headers.authorization;
    expect(bearer).toMatch(/^Bearer snov-token-/);
    for (const request of [domainResult, emailStart, emailResult]) {
      expect(request!.headers.authorization).toBe(bearer);
    }
    expect(domainStart!.body).toEqual({ names: ['Acme'] });
    expect(emailStart!.body).toEqual({ rows: [{ first_name: 'Ann', last_name: 'Lee', domain: 'acme.com' }] });
    expect(domainResult!.query.get('task_hash')).toMatch(/^[0-9a-f]{32}$/);
    expect(emailResult!.query.get('task_hash')).not.toBe(domainResult!.query.get('task_hash'));
    // The secret travels only in the token request's body.
    for (const request of fake.requests)
      expect(request.path + request.query.toString()).not.toContain('secret');
  });

  it('asks for one token per provider, that is per campaign slice', async () => {
    const provider = snov();
    const before = fake.tokensIssued();
    await provider.enrich(lead(), ['email']);
    await provider.enrich(lead({ name: 'Bo Chen' }), ['email']);
    await provider.enrich(lead({ name: 'Cy Dunn' }), ['email']);
    expect(fake.tokensIssued() - before).toBe(1);
    expect(paths().filter((path) => path.endsWith('/access_token'))).toHaveLength(1);
    await snov().enrich(lead({ name: 'Bo Chen' }), ['email']);
    expect(fake.tokensIssued() - before).toBe(2);
  });

  it('takes an address Snov.io could not check, never one it found invalid', async () => {
    const provider = snov();
    await expect(provider.enrich(lead({ name: 'Bo Chen' }), ['email'])).resolves.toEqual({
      fields: { email: 'bo@acme.com' },
    });
    await expect(provider.enrich(lead({ name: 'Cy Dunn' }), ['email'])).resolves.toEqual({ fields: {} });
  });

  it('finds nothing for an unknown company or person, and asks nothing it cannot use', async () => {
    const provider = snov();
    await expect(provider.enrich(lead({ company: 'Nowhere Ltd' }), ['email'])).resolves.toEqual({
      fields: {},
    });
    expect(paths().some((path) => path.includes('emails-by-domain-by-name'))).toBe(false);
    await expect(provider.enrich(lead({ company: 'Initech' }), ['email'])).resolves.toEqual({ fields: {} });
    fake.requests.length = 0;
    // Snov.io finds only emails: a lead that has one, or that cannot be searched, costs no call.
    await expect(provider.enrich(lead(), ['phone', 'job_title'])).resolves.toEqual({ fields: {} });
    await expect(provider.enrich(lead({ company: null }), ['email'])).resolves.toEqual({ fields: {} });
    await expect(provider.enrich(lead({ name: 'Ann' }), ['email'])).resolves.toEqual({ fields: {} });
    expect(fake.requests).toHaveLength(0);
  });

  it('reads a task again until it is done, and gives up after the bound as a timeout', async () => {
    fake.notReadyFor(2);
    await expect(snov().enrich(lead(), ['email'])).resolves.toEqual({
      fields: { email: 'ann.lee@acme.com' },
    });
    // The domain task was read three times: twice in progress, then completed.
    expect(paths().filter((path) => path === 'GET /v2/company-domain-by-name/result')).toHaveLength(3);

    fake.requests.length = 0;
    fake.notReadyFor(10);
    const error = await failure(snov().enrich(lead(), ['email']));
    expect(error).toMatchObject({
      kind: 'unavailable',
      problem: 'timeout',
      message: 'Snov.io did not finish the lookup in time.',
    });
    expect(paths().filter((path) => path.endsWith('/result'))).toHaveLength(quickPoll.attempts);
  });

  it('refuses a key not entered as CLIENT_ID:CLIENT_SECRET before calling anyone', async () => {
    for (const key of ['snov-client-and-secret-together', ':only-a-secret', 'only-an-id:']) {
      const error = await failure(snov(key).enrich(lead(), ['email']));
      expect(error).toMatchObject({
        kind: 'credential',
        problem: 'credential_refused',
        message: 'The Snov.io key must be entered as CLIENT_ID:CLIENT_SECRET.',
      });
      expect(error.message).not.toContain('secret-together');
    }
    // Even for a lead it would not search: the key is the user's to fix.
    await failure(snov('no-colon-key').enrich(lead(), ['phone']));
    expect(fake.requests).toHaveLength(0);
  });

  it('says the key was refused when Snov.io does not know the client, never saying the secret', async () => {
    const error = await failure(snov(`${CLIENT_ID}:wrong-secret-123`).enrich(lead(), ['email']));
    expect(error).toMatchObject({
      kind: 'credential',
      problem: 'credential_refused',
      message: 'The Snov.io API key was refused.',
    });
    expect(error.message).not.toContain('wrong-secret');
    expect(paths()).toEqual(['POST /v1/oauth/access_token']);
  });

  it.each(REFUSALS)('codes HTTP $status on a search as $problem', async ({ status, kind, problem }) => {
    const provider = snov();
    await provider.enrich(lead({ name: 'Bo Chen' }), ['email']);
    // The token is held now: the refusal is the search's.
    refuseNext(fake, status);
    const error = await failure(provider.enrich(lead(), ['email']));
    expect(error).toMatchObject({ kind, problem, status });
  });
});

describe('RocketReach adapter', () => {
  const KEY = 'rr-key-0001';
  let fake: FakeRocketReach;
  beforeAll(async () => {
    fake = await startFakeRocketReach();
    fake.addKey(KEY);
    fake.addProfile(
      rocketReachProfile(101, 'Ann Lee', {
        current_title: 'VP Engineering',
        current_employer: 'Acme',
        linkedin_url: 'https://www.linkedin.com/in/annlee',
        emails: [
          { email: 'ann.lee@gmail.com', smtp_valid: 'valid', type: 'personal', grade: 'A' },
          { email: 'ann@acme-old.com', smtp_valid: 'invalid', type: 'professional', grade: 'F' },
          { email: 'a.lee@acme.com', smtp_valid: 'inconclusive', type: 'professional', grade: 'B' },
          { email: 'Ann@Acme.com', smtp_valid: 'valid', type: 'professional', grade: 'A' },
        ],
        phones: [
          { number: '+1 212 555 0100', type: 'work', validity: 'invalid', recommended: false },
          { number: '+1 212 555 0101', type: 'work', validity: 'valid', recommended: false },
          { number: '+1 212 555 0102', type: 'mobile', validity: 'valid', recommended: true },
        ],
      }),
    );
    fake.addProfile(
      rocketReachProfile(102, 'Bo Chen', {
        current_title: 'Head of Sales',
        current_employer: 'Globex Corporation',
        linkedin_url: 'https://www.linkedin.com/in/bochen',
        emails: [
          { email: 'bo@initech.com', smtp_valid: 'invalid', type: 'professional', grade: 'F' },
          { email: 'bo.chen@gmail.com', smtp_valid: 'valid', type: 'personal', grade: 'A' },
        ],
      }),
    );
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });
  const rocketReach = (key = KEY) =>
    createRocketReachProvider(fake.baseUrl, key, { retry: fast, poll: quickPoll });

  it('looks a person up by name and current employer with the key in the Api-Key header', async () => {
    const findings = await rocketReach().enrich(lead(), ALL_FIELDS);
    expect(findings).toEqual({
      fields: {
        // The verified professional address; the recommended number, never an invalid one.
        email: 'ann@acme.com',
        job_title: 'VP Engineering',
        company: 'Acme',
        social_profiles: 'https://www.linkedin.com/in/annlee',
        phone: '+1 212 555 0102',
      },
      currentCompany: 'Acme',
    });
    const [request] = fake.requests;
    expect(request!.path).toBe('/api/v2/person/lookup');
    expect(request!.headers['api-key']).toBe(KEY);
    expect(Object.fromEntries(request!.query)).toEqual({ name: 'Ann Lee', current_employer: 'Acme' });
  });

  it('looks up by LinkedIn profile first, by email without a company, and reports the current employer', async () => {
    const findings = await rocketReach().enrich(
      lead({ name: 'Bo Chen', company: 'Initech', linkedinUrl: 'https://www.linkedin.com/in/bochen' }),
      ['email'],
    );
    // No valid professional address: the verified personal one; the invalid one never.
    expect(findings).toEqual({
      fields: {
        email: 'bo.chen@gmail.com',
        job_title: 'Head of Sales',
        company: 'Globex Corporation',
        social_profiles: 'https://www.linkedin.com/in/bochen',
      },
      currentCompany: 'Globex Corporation',
    });
    expect(Object.fromEntries(fake.requests[0]!.query)).toEqual({
      linkedin_url: 'https://www.linkedin.com/in/bochen',
    });
    await rocketReach().enrich(lead({ company: null, email: 'ann.lee@gmail.com' }), ['phone']);
    expect(Object.fromEntries(fake.requests[1]!.query)).toEqual({ email: 'ann.lee@gmail.com' });
  });

  it('reads nobody found (404) and a failed lookup as nothing found, and does not ask without enough', async () => {
    await expect(rocketReach().enrich(lead({ name: 'Zed Young' }), ['email'])).resolves.toEqual({
      fields: {},
    });
    fake.failNext({ status: 200, body: { id: 7, status: 'failed', name: 'Ann Lee' } });
    await expect(rocketReach().enrich(lead(), ['email'])).resolves.toEqual({ fields: {} });
    fake.requests.length = 0;
    await expect(rocketReach().enrich(lead({ company: null }), ['email'])).resolves.toEqual({ fields: {} });
    expect(fake.requests).toHaveLength(0);
  });

  it('checks a lookup still searching until it is complete, and gives up after the bound as a timeout', async () => {
    fake.searchingFor(2);
    const findings = await rocketReach().enrich(lead(), ['email']);
    expect(findings.fields).toMatchObject({ email: 'ann@acme.com', job_title: 'VP Engineering' });
    const checks = fake.requests.filter((request) => request.path === '/api/v2/person/checkStatus');
    expect(checks).toHaveLength(3);
    for (const check of checks) {
      expect(check.query.get('ids')).toBe('101');
      expect(check.headers['api-key']).toBe(KEY);
    }

    fake.requests.length = 0;
    fake.searchingFor(10);
    const error = await failure(rocketReach().enrich(lead(), ['email']));
    expect(error).toMatchObject({
      kind: 'unavailable',
      problem: 'timeout',
      message: 'RocketReach did not finish the lookup in time.',
    });
    expect(fake.requests.filter((request) => request.path === '/api/v2/person/checkStatus')).toHaveLength(
      quickPoll.attempts,
    );
  });

  it('says the key was refused, in our words and never the key', async () => {
    const error = await failure(rocketReach('rr-wrong-key-9').enrich(lead(), ['email']));
    expect(error).toMatchObject({
      kind: 'credential',
      problem: 'credential_refused',
      message: 'The RocketReach API key was refused.',
    });
    expect(error.message).not.toContain('wrong-key');
  });

  it.each(REFUSALS)('codes HTTP $status as $problem', async ({ status, kind, problem }) => {
    refuseNext(fake, status);
    const error = await failure(rocketReach().enrich(lead(), ['email']));
    expect(error).toMatchObject({ kind, problem, status });
  });

  it('codes a refusal while checking a lookup’s status too', async () => {
    fake.searchingFor(1);
    fake.onRequest((request) => {
      if (request.path === '/api/v2/person/checkStatus') refuseNext(fake, 403);
    });
    try {
      expect(await failure(rocketReach().enrich(lead(), ['email']))).toMatchObject({
        problem: 'access_refused',
        status: 403,
      });
    } finally {
      fake.onRequest(null);
    }
  });
});

describe('every adapter', () => {
  it('is a real provider under its tool id', () => {
    const providers: EnrichmentProvider[] = [
      createLushaProvider('http://127.0.0.1:1', 'k'),
      createSnovProvider('http://127.0.0.1:1', 'id:secret'),
      createRocketReachProvider('http://127.0.0.1:1', 'k'),
    ];
    expect(providers.map((provider) => [provider.tool, provider.simulated])).toEqual([
      ['lusha', false],
      ['snov', false],
      ['rocketreach', false],
    ]);
  });
});
