import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RetryPolicy } from '../../lib/retrying-fetch';
import { apolloPerson, startFakeApollo, type FakeApollo } from '../../test-support/fake-growth/apollo';
import { createApolloClient, type ApolloClient } from './apollo';
import { GrowthProviderError } from './provider-http';

const KEY = 'apollo-key-0123456789';
const fast: RetryPolicy = { maxRetries: 2, baseDelayMs: 10, maxDelayMs: 3000 };

let fake: FakeApollo;
let client: ApolloClient;
beforeAll(async () => {
  fake = await startFakeApollo();
  client = createApolloClient(fake.baseUrl, { retry: fast });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.addAccount(KEY, [
    apolloPerson('a1', 'Cara Diaz', {
      title: 'Partner',
      org: 'Seed Fund',
      email: 'cara@seedfund.com',
      linkedin: 'http://www.linkedin.com/in/caradiaz',
    }),
    apolloPerson('a2', 'Dan Evans', { title: 'Managing Partner', org: 'Growth VC' }),
    apolloPerson('a3', 'Eve Fox', { title: 'Engineer', org: 'Initech', email: 'eve@initech.com' }),
  ]);
});

describe('Apollo adapter', () => {
  it('searches with the key in X-Api-Key and the search as JSON, skipping locked emails', async () => {
    const people = await client.searchPeople(
      KEY,
      { keywords: 'fintech', titles: ['Partner'] },
      { limit: 10 },
    );
    expect(people).toEqual([
      {
        name: 'Cara Diaz',
        company: 'Seed Fund',
        position: 'Partner',
        email: 'cara@seedfund.com',
        phone: null,
        linkedinUrl: 'http://www.linkedin.com/in/caradiaz',
        language: null,
        externalId: 'a1',
      },
      {
        name: 'Dan Evans',
        company: 'Growth VC',
        position: 'Managing Partner',
        // Apollo's placeholder for an email the plan has not unlocked is never taken as an address.
        email: null,
        phone: null,
        linkedinUrl: null,
        language: null,
        externalId: 'a2',
      },
    ]);
    const [request] = fake.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/api/v1/mixed_people/search');
    expect(request!.headers['x-api-key']).toBe(KEY);
    expect(request!.query.has('api_key')).toBe(false);
    expect(request!.body).toEqual({
      q_keywords: 'fintech',
      person_titles: ['Partner'],
      page: 1,
      per_page: 10,
    });
  });

  it('pages with one page size until the limit', async () => {
    const people = await client.searchPeople(KEY, { keywords: '', titles: [] }, { limit: 2 });
    expect(people.map((person) => person.externalId)).toEqual(['a1', 'a2']);
    expect(fake.requests.map((request) => (request.body as { page: number }).page)).toEqual([1]);
    fake.requests.length = 0;
    const many = Array.from({ length: 150 }, (_, i) => apolloPerson(`p${i}`, `Person ${i}`, { email: null }));
    fake.addAccount(KEY, many);
    const found = await client.searchPeople(KEY, { keywords: 'x', titles: [] }, { limit: 140 });
    expect(found).toHaveLength(140);
    expect(fake.requests.map((request) => request.body)).toEqual([
      { q_keywords: 'x', person_titles: [], page: 1, per_page: 100 },
      { q_keywords: 'x', person_titles: [], page: 2, per_page: 100 },
    ]);
  });

  it('says the key was refused on 401', async () => {
    const error = await client.searchPeople('bad-key-000', { keywords: 'x', titles: [] }, { limit: 5 }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(GrowthProviderError);
    expect((error as GrowthProviderError).message).toBe('The Apollo API key was refused.');
    expect((error as GrowthProviderError).kind).toBe('credential');
    expect((error as GrowthProviderError).problem).toBe('credential_refused');
  });

  it('retries a 429 after the Retry-After wait', async () => {
    fake.failNext({ status: 429, retryAfter: 0 });
    const people = await client.searchPeople(KEY, { keywords: 'x', titles: ['Engineer'] }, { limit: 5 });
    expect(people.map((person) => person.email)).toEqual(['eve@initech.com']);
    expect(fake.requests).toHaveLength(2);
  });

  it('takes NUL and half an emoji out of what it reads (decision 028)', async () => {
    fake.addAccount('apollo-key-hostile-0001', [
      apolloPerson('h1', 'Gia\u0000 Holt', { title: 'Partner \ud83d', org: 'Holt\u0000 Capital' }),
    ]);
    const [person] = await client.searchPeople(
      'apollo-key-hostile-0001',
      { keywords: 'x', titles: [] },
      { limit: 1 },
    );
    expect(person).toMatchObject({ name: 'Gia Holt', position: 'Partner \uFFFD', company: 'Holt Capital' });
  });

  it('refuses an answer that is not a people search', async () => {
    fake.failNext({ status: 200, body: { unexpected: true } });
    const error = await client.searchPeople(KEY, { keywords: 'x', titles: [] }, { limit: 5 }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect((error as GrowthProviderError).message).toBe('Apollo answered with something we could not read.');
    expect((error as GrowthProviderError).problem).toBe('unreadable_answer');
  });
});
