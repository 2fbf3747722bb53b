import { startFakeServer, type FakeServer } from './fake-server';

/**
 * A fake Apollo.io API on 127.0.0.1 (https://docs.apollo.io/reference/people-search): POST
 * /api/v1/mixed_people/search with the key in the X-Api-Key header and a JSON body (q_keywords,
 * person_titles, page, per_page ≤ 100), answering `{ people, contacts, pagination }`. Emails that
 * the plan has not unlocked come back as Apollo's placeholder address. An unknown key gets 401.
 */

export interface ApolloPerson {
  id: string;
  first_name: string;
  last_name: string;
  name: string;
  title: string | null;
  email: string | null;
  email_status: string | null;
  linkedin_url: string | null;
  organization: { id: string; name: string; primary_domain: string | null } | null;
}

export const APOLLO_LOCKED_EMAIL = 'email_not_unlocked@domain.com';

export function apolloPerson(
  id: string,
  name: string,
  extra: { title?: string; org?: string; email?: string | null; linkedin?: string } = {},
): ApolloPerson {
  const [first = name, ...rest] = name.split(' ');
  return {
    id,
    first_name: first,
    last_name: rest.join(' '),
    name,
    title: extra.title ?? null,
    email: extra.email === undefined ? APOLLO_LOCKED_EMAIL : extra.email,
    email_status: extra.email ? 'verified' : 'unavailable',
    linkedin_url: extra.linkedin ?? null,
    organization: extra.org
      ? {
          id: `org-${id}`,
          name: extra.org,
          primary_domain: `${extra.org.toLowerCase().replace(/\W+/g, '')}.com`,
        }
      : null,
  };
}

export interface FakeApollo extends FakeServer {
  /** Accepts a key; its searches find these people (filtered by person_titles when given). */
  addAccount(apiKey: string, people: ApolloPerson[]): void;
}

export async function startFakeApollo(): Promise<FakeApollo> {
  const accounts = new Map<string, ApolloPerson[]>();
  const server = await startFakeServer(
    (request) => {
      if (request.method !== 'POST' || request.path !== '/api/v1/mixed_people/search') {
        return { status: 404, body: { error: 'Not Found' } };
      }
      const key = request.headers['x-api-key'];
      const people = typeof key === 'string' ? accounts.get(key) : undefined;
      if (!people) {
        return { status: 401, body: { error: 'Invalid access credentials.', error_code: 'INVALID_API_KEY' } };
      }
      const body = (request.body ?? {}) as {
        page?: number;
        per_page?: number;
        person_titles?: string[];
      };
      const titles = (body.person_titles ?? []).map((title) => title.toLowerCase());
      const found =
        titles.length === 0
          ? people
          : people.filter((person) => titles.some((title) => person.title?.toLowerCase().includes(title)));
      const page = Math.max(1, body.page ?? 1);
      const perPage = Math.min(100, Math.max(1, body.per_page ?? 25));
      const slice = found.slice((page - 1) * perPage, page * perPage);
      return {
        status: 200,
        body: {
          breadcrumbs: [],
          contacts: [],
          people: slice,
          pagination: {
            page,
            per_page: perPage,
            total_entries: found.length,
            total_pages: Math.ceil(found.length / perPage),
          },
        },
      };
    },
    (failure) => ({ error: failure.status === 429 ? 'Too many requests' : 'Server error' }),
  );
  return { ...server, addAccount: (apiKey, people) => accounts.set(apiKey, people) };
}
