import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RetryPolicy } from '../../lib/retrying-fetch';
import { startFakeHunter, type FakeHunter } from '../../test-support/fake-growth/hunter';
import {
  startFakePeopleDataLabs,
  type FakePeopleDataLabs,
} from '../../test-support/fake-growth/people-data-labs';
import { companyDomainOf, sameCompany, type LeadToEnrich } from './enrichment-provider';
import { createHunterProvider } from './hunter';
import { createPeopleDataLabsProvider } from './people-data-labs';
import { GrowthProviderError } from './provider-http';

const fast: RetryPolicy = { maxRetries: 2, baseDelayMs: 10, maxDelayMs: 3000 };

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

describe('Hunter adapter', () => {
  let fake: FakeHunter;
  beforeAll(async () => {
    fake = await startFakeHunter();
    fake.addKey('hunter-key-1234');
    fake.addPerson('acme.com', 'Ann', 'Lee', {
      email: 'ann.lee@acme.com',
      position: 'Chief Technology Officer',
      linkedin_url: 'https://www.linkedin.com/in/annlee',
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });
  const hunter = (key = 'hunter-key-1234') => createHunterProvider(fake.baseUrl, key, { retry: fast });

  it('finds an email by the domain of the lead’s work address, with the key in the query', async () => {
    const findings = await hunter().enrich(lead({ email: 'ann@acme.com' }), ['job_title']);
    expect(findings).toEqual({
      fields: {
        email: 'ann.lee@acme.com',
        job_title: 'Chief Technology Officer',
        social_profiles: 'https://www.linkedin.com/in/annlee',
      },
    });
    const query = fake.requests[0]!.query;
    expect(fake.requests[0]!.path).toBe('/v2/email-finder');
    expect([
      query.get('domain'),
      query.get('first_name'),
      query.get('last_name'),
      query.get('api_key'),
    ]).toEqual(['acme.com', 'Ann', 'Lee', 'hunter-key-1234']);
  });

  it('uses an email an earlier tool found really', async () => {
    const findings = await hunter().enrich(lead({ found: { email: 'a.lee@acme.com' } }), ['email']);
    expect(findings.fields.email).toBe('ann.lee@acme.com');
  });

  it('skips a lead without a work domain rather than guessing one from the company name', async () => {
    await expect(hunter().enrich(lead(), ['email'])).resolves.toEqual({ fields: {} });
    await expect(hunter().enrich(lead({ email: 'ann@gmail.com' }), ['email'])).resolves.toEqual({
      fields: {},
    });
    await expect(hunter().enrich(lead({ name: 'Ann', email: 'ann@acme.com' }), ['email'])).resolves.toEqual({
      fields: {},
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('answers nothing found when Hunter has no email', async () => {
    await expect(
      hunter().enrich(lead({ name: 'Zed Young', email: 'z@acme.com' }), ['email']),
    ).resolves.toEqual({
      fields: {},
    });
  });

  it('says the key was refused on 401', async () => {
    const error = await failure(hunter('wrong-key-000').enrich(lead({ email: 'ann@acme.com' }), ['email']));
    expect(error.message).toBe('The Hunter API key was refused.');
    expect(error.kind).toBe('credential');
    expect(error.problem).toBe('credential_refused');
    expect(error.message).not.toContain('wrong-key');
  });
});

describe('People Data Labs adapter', () => {
  let fake: FakePeopleDataLabs;
  beforeAll(async () => {
    fake = await startFakePeopleDataLabs();
    fake.addKey('pdl-key-1234');
    fake.addRecord(
      { email: 'ann@acme.com', name: 'Ann Lee', company: 'Acme' },
      {
        full_name: 'ann lee',
        work_email: 'ann@globex.com',
        job_title: 'vp engineering',
        job_company_name: 'Globex',
        job_company_size: '201-500',
        linkedin_url: 'linkedin.com/in/annlee',
        mobile_phone: '+14155550123',
      },
    );
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });
  const pdl = (key = 'pdl-key-1234') => createPeopleDataLabsProvider(fake.baseUrl, key, { retry: fast });

  it('enriches by email with the key in X-Api-Key and reports the current company', async () => {
    const findings = await pdl().enrich(lead({ email: 'ann@acme.com' }), ['job_title']);
    expect(findings).toEqual({
      fields: {
        email: 'ann@globex.com',
        job_title: 'vp engineering',
        company: 'Globex',
        social_profiles: 'https://linkedin.com/in/annlee',
        phone: '+14155550123',
        company_size: '201-500',
      },
      currentCompany: 'Globex',
    });
    const [request] = fake.requests;
    expect(request!.path).toBe('/v5/person/enrich');
    expect(request!.headers['x-api-key']).toBe('pdl-key-1234');
    expect(request!.query.get('email')).toBe('ann@acme.com');
    expect(request!.query.has('api_key')).toBe(false);
  });

  it('enriches by name and company when there is no email', async () => {
    const findings = await pdl().enrich(lead(), ['email']);
    expect(findings.fields.job_title).toBe('vp engineering');
    expect(Object.fromEntries(fake.requests[0]!.query)).toEqual({ name: 'Ann Lee', company: 'Acme' });
  });

  it('reads 404 as no match, and does not call without enough to search by', async () => {
    await expect(pdl().enrich(lead({ name: 'Nobody Here' }), ['email'])).resolves.toEqual({ fields: {} });
    fake.requests.length = 0;
    await expect(pdl().enrich(lead({ company: null }), ['email'])).resolves.toEqual({ fields: {} });
    expect(fake.requests).toHaveLength(0);
  });

  it('says the key was refused on 401 and the credits ran out on 402', async () => {
    expect((await failure(pdl('bad-key-1').enrich(lead(), ['email']))).message).toBe(
      'The People Data Labs API key was refused.',
    );
    fake.failNext({ status: 402 });
    const noCredits = await failure(pdl().enrich(lead(), ['email']));
    expect(noCredits.message).toBe('People Data Labs says the account has no credits left.');
    expect(noCredits.kind).toBe('credential');
    expect(noCredits.problem).toBe('no_credits');
  });

  it('retries 429 and 5xx, then gives up in our words', async () => {
    fake.failNext({ status: 429, retryAfter: 0 });
    await expect(pdl().enrich(lead(), ['email'])).resolves.toMatchObject({ currentCompany: 'Globex' });
    fake.failNext({ status: 503 }, { status: 503 }, { status: 503 });
    const error = await failure(pdl().enrich(lead(), ['email']));
    expect(error.message).toBe('People Data Labs answered with an error (HTTP 503).');
    expect(error.kind).toBe('unavailable');
    expect(error.problem).toBe('provider_error');
  });
});

describe('enrichment helpers', () => {
  it('reads a company domain from work addresses only', () => {
    expect(companyDomainOf('ann@acme.com')).toBe('acme.com');
    expect(companyDomainOf('ann@gmail.com')).toBeNull();
    expect(companyDomainOf('ann@yahoo.co.uk')).toBeNull();
    expect(companyDomainOf(null)).toBeNull();
  });

  it('compares company names without case, punctuation or legal suffixes', () => {
    expect(sameCompany('Acme, Inc.', 'acme')).toBe(true);
    expect(sameCompany('Globex GmbH', 'Globex')).toBe(true);
    expect(sameCompany('Acme', 'Globex')).toBe(false);
  });
});
