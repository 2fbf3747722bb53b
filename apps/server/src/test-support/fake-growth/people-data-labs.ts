import { startFakeServer, type FakeServer } from './fake-server';

/**
 * A fake People Data Labs API v5 on 127.0.0.1 (https://docs.peopledatalabs.com/docs/enrichment-api):
 * GET /v5/person/enrich with the key in X-Api-Key and email, or name with company, or profile,
 * answering `{ status: 200, likelihood, data }`, or `{ status: 404, error: { type, message } }`
 * when no record matches and 401 for an unknown key.
 */

export interface PdlRecord {
  full_name: string;
  work_email?: string | null;
  job_title?: string | null;
  job_company_name?: string | null;
  job_company_website?: string | null;
  job_company_size?: string | null;
  linkedin_url?: string | null;
  mobile_phone?: string | null;
}

export interface FakePeopleDataLabs extends FakeServer {
  addKey(apiKey: string): void;
  /** A record found by its email, or by its name with a company. */
  addRecord(match: { email?: string; name?: string; company?: string }, record: PdlRecord): void;
}

const lower = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

export async function startFakePeopleDataLabs(): Promise<FakePeopleDataLabs> {
  const keys = new Set<string>();
  const records: Array<{ match: { email?: string; name?: string; company?: string }; record: PdlRecord }> =
    [];
  const server = await startFakeServer(
    (request) => {
      if (request.method !== 'GET' || request.path !== '/v5/person/enrich') {
        return { status: 404, body: { status: 404, error: { type: 'not_found', message: 'Not found' } } };
      }
      const apiKey = request.headers['x-api-key'];
      if (typeof apiKey !== 'string' || !keys.has(apiKey)) {
        return {
          status: 401,
          body: { status: 401, error: { type: 'authentication_error', message: 'Invalid API Key' } },
        };
      }
      const email = request.query.get('email');
      const name = request.query.get('name');
      const company = request.query.get('company');
      const profile = request.query.get('profile');
      if (!email && !profile && !(name && company)) {
        return {
          status: 400,
          body: {
            status: 400,
            error: { type: 'invalid_request_error', message: 'Not enough data to enrich' },
          },
        };
      }
      const found = records.find(
        ({ match }) =>
          (email && lower(match.email) === lower(email)) ||
          (name && company && lower(match.name) === lower(name) && lower(match.company) === lower(company)),
      );
      if (!found) {
        return {
          status: 404,
          body: {
            status: 404,
            error: { type: 'not_found', message: 'No records were found matching your request' },
          },
        };
      }
      return { status: 200, body: { status: 200, likelihood: 8, data: found.record } };
    },
    (failure) => ({
      status: failure.status,
      error:
        failure.status === 429
          ? { type: 'rate_limit_error', message: 'Rate limit exceeded' }
          : failure.status === 402
            ? { type: 'payment_required', message: 'You have hit your account maximum' }
            : { type: 'server_error', message: 'Something went wrong' },
    }),
  );
  return {
    ...server,
    addKey: (apiKey) => keys.add(apiKey),
    addRecord: (match, record) => records.push({ match, record }),
  };
}
