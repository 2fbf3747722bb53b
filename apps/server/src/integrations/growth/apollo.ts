import type { RetryPolicy } from '../../lib/retrying-fetch';
import type { SourcePerson } from './lead-source';
import { callProvider, emailAddress, failureFor, isRecord, text, unreadable } from './provider-http';

/*
 * Apollo.io people search (https://docs.apollo.io/reference/people-search): POST
 * /api/v1/mixed_people/search with the key in the X-Api-Key header and the search as JSON
 * (q_keywords, person_titles, page, per_page), paged until the pagination's last page. Apollo
 * hides the emails a plan has not unlocked behind a placeholder address; those are skipped, so
 * nobody is ever written to at it.
 */

/** Apollo's largest page. */
const PER_PAGE = 100;
/** Pages read in one import at most (Apollo itself stops at 500). */
const MAX_PAGES = 100;
const LOCKED_EMAIL = /^email_not_unlocked@/i;

export interface ApolloSearch {
  /** Free keywords (the campaign's search phrase, else its job titles). */
  keywords: string;
  /** Job titles to match. */
  titles: string[];
}

export interface ApolloClient {
  searchPeople(apiKey: string, search: ApolloSearch, options: { limit: number }): Promise<SourcePerson[]>;
}

function readPerson(person: unknown): SourcePerson | null {
  if (!isRecord(person) || (typeof person.id !== 'string' && typeof person.id !== 'number')) return null;
  const name =
    text(person.name, 200) ??
    text([text(person.first_name), text(person.last_name)].filter(Boolean).join(' '), 200);
  if (!name) return null;
  const organization = isRecord(person.organization) ? text(person.organization.name, 200) : null;
  const rawEmail = text(person.email, 320);
  return {
    name,
    company: organization ?? text(person.organization_name, 200),
    position: text(person.title, 200),
    email: rawEmail && !LOCKED_EMAIL.test(rawEmail) ? emailAddress(rawEmail) : null,
    phone: null,
    linkedinUrl: text(person.linkedin_url, 500),
    language: null,
    externalId: String(person.id),
  };
}

export function createApolloClient(baseUrl: string, options: { retry?: RetryPolicy } = {}): ApolloClient {
  return {
    async searchPeople(apiKey, search, { limit }) {
      const people: SourcePerson[] = [];
      // One page size for the whole search: Apollo pages by page × per_page.
      const perPage = Math.min(PER_PAGE, Math.max(1, limit));
      for (let page = 1; page <= MAX_PAGES && people.length < limit; page++) {
        const answer = await callProvider({
          service: 'apollo',
          url: new URL('/api/v1/mixed_people/search', baseUrl),
          method: 'POST',
          headers: { 'x-api-key': apiKey, 'cache-control': 'no-cache' },
          json: {
            q_keywords: search.keywords,
            person_titles: search.titles,
            page,
            per_page: perPage,
          },
          retry: options.retry,
        });
        if (answer.status !== 200) throw failureFor('apollo', answer.status);
        const body = answer.body;
        if (!isRecord(body) || !Array.isArray(body.people)) throw unreadable('apollo');
        for (const entry of body.people) {
          const person = readPerson(entry);
          if (person && people.length < limit) people.push(person);
        }
        const pagination = isRecord(body.pagination) ? body.pagination : {};
        const totalPages = typeof pagination.total_pages === 'number' ? pagination.total_pages : page;
        if (body.people.length === 0 || page >= totalPages) break;
      }
      return people;
    },
  };
}
