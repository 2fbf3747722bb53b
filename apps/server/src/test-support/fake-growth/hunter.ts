import { startFakeServer, type FakeServer } from './fake-server';

/**
 * A fake Hunter.io API v2 on 127.0.0.1 (https://hunter.io/api-documentation/v2#email-finder):
 * GET /v2/email-finder with domain, first_name, last_name (or full_name) and api_key, answering
 * `{ data: { email, score, position, … }, meta }` — email null when nobody is found — and
 * `{ errors: [{ id, code, details }] }` with 401 for an unknown key.
 */

export interface HunterFinding {
  email: string;
  position?: string | null;
  linkedin_url?: string | null;
  phone_number?: string | null;
  company?: string | null;
}

export interface FakeHunter extends FakeServer {
  addKey(apiKey: string): void;
  /** Who the finder finds at a domain, by first and last name. */
  addPerson(domain: string, firstName: string, lastName: string, finding: HunterFinding): void;
}

const key = (domain: string, first: string, last: string) =>
  `${domain.toLowerCase()}|${first.toLowerCase()}|${last.toLowerCase()}`;

export async function startFakeHunter(): Promise<FakeHunter> {
  const keys = new Set<string>();
  const people = new Map<string, HunterFinding>();
  const server = await startFakeServer(
    (request) => {
      if (request.method !== 'GET' || request.path !== '/v2/email-finder') {
        return { status: 404, body: { errors: [{ id: 'not_found', code: 404, details: 'Not found' }] } };
      }
      if (!keys.has(request.query.get('api_key') ?? '')) {
        return {
          status: 401,
          body: {
            errors: [
              { id: 'authentication_failed', code: 401, details: 'No user found for the API key supplied' },
            ],
          },
        };
      }
      const domain = request.query.get('domain') ?? '';
      let first = request.query.get('first_name') ?? '';
      let last = request.query.get('last_name') ?? '';
      const full = request.query.get('full_name');
      if (full) [first = '', last = ''] = [full.split(' ')[0], full.split(' ').slice(1).join(' ')];
      if (!domain || !first || !last) {
        return {
          status: 400,
          body: {
            errors: [{ id: 'wrong_params', code: 400, details: 'You are missing the domain or the name' }],
          },
        };
      }
      const finding = people.get(key(domain, first, last));
      return {
        status: 200,
        body: {
          data: {
            first_name: first,
            last_name: last,
            email: finding?.email ?? null,
            score: finding ? 94 : null,
            domain,
            accept_all: false,
            position: finding?.position ?? null,
            twitter: null,
            linkedin_url: finding?.linkedin_url ?? null,
            phone_number: finding?.phone_number ?? null,
            company: finding?.company ?? null,
            sources: [],
            verification: { date: null, status: finding ? 'valid' : null },
          },
          meta: { params: { first_name: first, last_name: last, full_name: null, domain, company: null } },
        },
      };
    },
    (failure) => ({
      errors: [
        failure.status === 429
          ? { id: 'too_many_requests', code: 429, details: 'You have reached the rate limit' }
          : { id: 'server_error', code: failure.status, details: 'Something went wrong' },
      ],
    }),
  );
  return {
    ...server,
    addKey: (apiKey) => keys.add(apiKey),
    addPerson: (domain, first, last, finding) => people.set(key(domain, first, last), finding),
  };
}
