import { startFakeServer, type FakeServer } from './fake-server';

/**
 * A fake Pipedrive API v1 on 127.0.0.1 (https://developers.pipedrive.com/docs/api/v1/Persons):
 * GET /v1/persons with the api_token query parameter, paged by start and limit (at most 500),
 * answering `{ success, data, additional_data: { pagination } }` — data is null past the end —
 * and `{ success: false, error, errorCode }` with 401 for a token it does not know.
 */

/** A person as Pipedrive returns it (the fields Doppel reads, and a few it does not). */
export interface PipedrivePerson {
  id: number;
  name: string;
  first_name?: string;
  last_name?: string;
  org_name?: string | null;
  org_id?: { name: string; value: number } | null;
  email?: Array<{ label: string; value: string; primary: boolean }>;
  phone?: Array<{ label: string; value: string; primary: boolean }>;
  job_title?: string | null;
}

export interface FakePipedrive extends FakeServer {
  /** Accepts a token and gives it these persons. */
  addAccount(token: string, persons: PipedrivePerson[]): void;
}

/** A realistic person record. */
export function pipedrivePerson(
  id: number,
  name: string,
  extra: { org?: string; email?: string; phone?: string; jobTitle?: string } = {},
): PipedrivePerson {
  const [first = name, ...rest] = name.split(' ');
  return {
    id,
    name,
    first_name: first,
    last_name: rest.join(' '),
    org_name: extra.org ?? null,
    org_id: extra.org ? { name: extra.org, value: id * 10 } : null,
    email: extra.email
      ? [{ label: 'work', value: extra.email, primary: true }]
      : [{ label: '', value: '', primary: true }],
    phone: extra.phone
      ? [{ label: 'mobile', value: extra.phone, primary: true }]
      : [{ label: '', value: '', primary: true }],
    ...(extra.jobTitle ? { job_title: extra.jobTitle } : {}),
  };
}

export async function startFakePipedrive(): Promise<FakePipedrive> {
  const accounts = new Map<string, PipedrivePerson[]>();
  const server = await startFakeServer(
    (request) => {
      if (request.method !== 'GET' || request.path !== '/v1/persons') {
        return { status: 404, body: { success: false, error: 'Unknown method .', errorCode: 404 } };
      }
      const persons = accounts.get(request.query.get('api_token') ?? '');
      if (!persons) {
        return {
          status: 401,
          body: {
            success: false,
            error: 'You need to be authorized to make this request.',
            errorCode: 401,
            error_info: 'Please check developers.pipedrive.com for more information about Pipedrive API.',
          },
        };
      }
      const start = Number(request.query.get('start') ?? 0);
      const limit = Math.min(500, Number(request.query.get('limit') ?? 100));
      const page = persons.slice(start, start + limit);
      const more = start + limit < persons.length;
      return {
        status: 200,
        body: {
          success: true,
          data: page.length > 0 ? page : null,
          additional_data: {
            pagination: {
              start,
              limit,
              more_items_in_collection: more,
              ...(more && { next_start: start + limit }),
            },
          },
          related_objects: {},
        },
      };
    },
    (failure) => ({
      success: false,
      error: failure.status === 429 ? 'Request over limit' : 'Internal server error',
      errorCode: failure.status,
    }),
  );
  return { ...server, addAccount: (token, persons) => accounts.set(token, persons) };
}
