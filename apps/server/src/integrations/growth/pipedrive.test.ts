import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RetryPolicy } from '../../lib/retrying-fetch';
import {
  pipedrivePerson,
  startFakePipedrive,
  type FakePipedrive,
} from '../../test-support/fake-growth/pipedrive';
import { createPipedriveClient, type PipedriveClient } from './pipedrive';
import { GrowthProviderError } from './provider-http';

const TOKEN = 'pd-token-0123456789abcdef';
const fast: RetryPolicy = { maxRetries: 2, baseDelayMs: 10, maxDelayMs: 3000 };

let fake: FakePipedrive;
let client: PipedriveClient;
beforeAll(async () => {
  fake = await startFakePipedrive();
  client = createPipedriveClient(fake.baseUrl, { retry: fast });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.addAccount(TOKEN, [
    pipedrivePerson(1, 'Ann Lee', {
      org: 'Acme',
      email: 'Ann@Acme.com',
      phone: '+1 415 555 0100',
      jobTitle: 'CTO',
    }),
    pipedrivePerson(2, 'Bo Chen', { org: 'Globex' }),
    ...Array.from({ length: 998 }, (_, i) => pipedrivePerson(3 + i, `Person ${3 + i}`)),
  ]);
});

async function failure(promise: Promise<unknown>): Promise<GrowthProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GrowthProviderError);
  return error as GrowthProviderError;
}

describe('Pipedrive adapter', () => {
  it('lists persons with the token in the query and maps their fields', async () => {
    const persons = await client.listPersons(TOKEN, { limit: 2 });
    expect(persons).toEqual([
      {
        name: 'Ann Lee',
        company: 'Acme',
        position: 'CTO',
        email: 'ann@acme.com',
        phone: '+1 415 555 0100',
        linkedinUrl: null,
        language: null,
        externalId: '1',
      },
      {
        name: 'Bo Chen',
        company: 'Globex',
        position: null,
        email: null,
        phone: null,
        linkedinUrl: null,
        language: null,
        externalId: '2',
      },
    ]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.path).toBe('/v1/persons');
    expect(fake.requests[0]!.query.get('api_token')).toBe(TOKEN);
    expect(fake.requests[0]!.query.get('start')).toBe('0');
    expect(fake.requests[0]!.query.get('limit')).toBe('2');
  });

  it('follows the pagination until the limit, asking from next_start', async () => {
    const persons = await client.listPersons(TOKEN, { limit: 700 });
    expect(persons).toHaveLength(700);
    expect(persons.at(-1)!.externalId).toBe('700');
    expect(fake.requests.map((request) => [request.query.get('start'), request.query.get('limit')])).toEqual([
      ['0', '500'],
      ['500', '200'],
    ]);
  });

  it('stops when Pipedrive says there are no more items', async () => {
    fake.addAccount(TOKEN, [pipedrivePerson(1, 'Ann Lee'), pipedrivePerson(2, 'Bo Chen')]);
    const persons = await client.listPersons(TOKEN, { limit: 100 });
    expect(persons.map((person) => person.name)).toEqual(['Ann Lee', 'Bo Chen']);
    expect(fake.requests).toHaveLength(1);
  });

  it('reads an empty account (data: null) as no persons', async () => {
    fake.addAccount(TOKEN, []);
    await expect(client.listPersons(TOKEN, { limit: 10 })).resolves.toEqual([]);
  });

  it('says the token was refused on 401, without the token or Pipedrive’s words', async () => {
    const error = await failure(client.listPersons('wrong-token-123', { limit: 10 }));
    expect(error.message).toBe('The Pipedrive API token was refused.');
    expect(error.kind).toBe('credential');
    expect(error.problem).toBe('credential_refused');
    expect(error.status).toBe(401);
    expect(error.message).not.toContain('wrong-token');
  });

  it('waits as Retry-After asks on 429, then reads the answer', async () => {
    fake.failNext({ status: 429, retryAfter: 1 });
    const started = Date.now();
    const persons = await client.listPersons(TOKEN, { limit: 1 });
    expect(persons).toHaveLength(1);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.at - fake.requests[0]!.at).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('gives up on repeated 5xx with our words', async () => {
    fake.failNext({ status: 502 }, { status: 502 }, { status: 502 });
    const error = await failure(client.listPersons(TOKEN, { limit: 1 }));
    expect(error.message).toBe('Pipedrive answered with an error (HTTP 502).');
    expect(error).toMatchObject({ problem: 'provider_error', status: 502 });
    expect(fake.requests).toHaveLength(3);
  });

  it('says so when Pipedrive cannot be reached', async () => {
    const closed = createPipedriveClient('http://127.0.0.1:9', { retry: fast });
    const error = await failure(closed.listPersons(TOKEN, { limit: 1 }));
    expect(error.message).toBe('Pipedrive could not be reached.');
    expect(error.problem).toBe('unreachable');
  });
});
