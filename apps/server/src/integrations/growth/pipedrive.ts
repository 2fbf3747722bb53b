import type { RetryPolicy } from '../../lib/retrying-fetch';
import type { SourcePerson } from './lead-source';
import { callProvider, emailAddress, failureFor, isRecord, text, unreadable } from './provider-http';

/*
 * Pipedrive API v1 (https://developers.pipedrive.com/docs/api/v1/Persons#getPersons): the
 * user's persons, GET /v1/persons?api_token=…&start=…&limit=…, paged until
 * additional_data.pagination.more_items_in_collection is false. The token travels in the query
 * string, as Pipedrive's personal API tokens do, so the URL is never logged or put in an error.
 */

/** Pipedrive's largest page. */
const PAGE_LIMIT = 500;
/** Pages read in one import at most (10,000 persons at the largest page, the target's cap). */
const MAX_PAGES = 40;

export interface PipedriveClient {
  /** Up to `limit` persons, in Pipedrive's order. */
  listPersons(apiToken: string, options: { limit: number }): Promise<SourcePerson[]>;
}

/** The primary entry of Pipedrive's email or phone list, else the first non-empty one. */
function primaryValue(list: unknown): string | null {
  if (!Array.isArray(list)) return text(list);
  const entries = list.filter(isRecord).filter((entry) => text(entry.value));
  const chosen = entries.find((entry) => entry.primary === true) ?? entries[0];
  return chosen ? text(chosen.value) : null;
}

function readPerson(person: unknown): SourcePerson | null {
  if (!isRecord(person) || (typeof person.id !== 'number' && typeof person.id !== 'string')) return null;
  const name =
    text(person.name, 200) ??
    text([text(person.first_name), text(person.last_name)].filter(Boolean).join(' '), 200);
  if (!name) return null;
  const organization = isRecord(person.org_id) ? text(person.org_id.name, 200) : null;
  return {
    name,
    company: text(person.org_name, 200) ?? organization,
    position: text(person.job_title, 200),
    email: emailAddress(primaryValue(person.email)),
    phone: text(primaryValue(person.phone), 50),
    linkedinUrl: null,
    language: null,
    externalId: String(person.id),
  };
}

export function createPipedriveClient(
  baseUrl: string,
  options: { retry?: RetryPolicy } = {},
): PipedriveClient {
  return {
    async listPersons(apiToken, { limit }) {
      const persons: SourcePerson[] = [];
      let start = 0;
      for (let page = 0; page < MAX_PAGES && persons.length < limit; page++) {
        const url = new URL('/v1/persons', baseUrl);
        url.searchParams.set('api_token', apiToken);
        url.searchParams.set('start', String(start));
        url.searchParams.set('limit', String(Math.min(PAGE_LIMIT, limit - persons.length)));
        const answer = await callProvider({ service: 'pipedrive', url, retry: options.retry });
        if (answer.status !== 200) throw failureFor('pipedrive', answer.status);
        const body = answer.body;
        if (!isRecord(body) || body.success !== true) throw unreadable('pipedrive');
        // Pipedrive answers data: null past the last person.
        const data = body.data === null ? [] : body.data;
        if (!Array.isArray(data)) throw unreadable('pipedrive');
        for (const entry of data) {
          const person = readPerson(entry);
          if (person && persons.length < limit) persons.push(person);
        }
        const pagination = isRecord(body.additional_data) ? body.additional_data.pagination : null;
        if (!isRecord(pagination) || pagination.more_items_in_collection !== true || data.length === 0) break;
        start = typeof pagination.next_start === 'number' ? pagination.next_start : start + data.length;
      }
      return persons;
    },
  };
}
