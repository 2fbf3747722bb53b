import { startFakeServer, type FakeServer } from './fake-server';

/**
 * A fake RocketReach API v2 on 127.0.0.1 (https://docs.rocketreach.co/reference/people-lookup-api):
 * GET /api/v2/person/lookup with the key in the Api-Key header and the person by linkedin_url,
 * name with current_employer (the current one or one in the job history), email, or id,
 * answering the profile `{ id, status: "complete", current_title, current_employer, linkedin_url,
 * emails, phones, … }`. A lookup it is told to keep searching answers `{ id, status: "searching" }`
 * at first; GET /api/v2/person/checkStatus?ids=… answers a list of `{ id, status, … }` with the
 * whole profile once complete. Nobody found is 404, an unknown key 401 and a name without an
 * employer 400, as `{ detail }`.
 */

export interface RocketReachProfile {
  id: number;
  name: string;
  current_title: string | null;
  current_employer: string | null;
  linkedin_url: string | null;
  emails: Array<{
    email: string;
    smtp_valid: 'valid' | 'invalid' | 'inconclusive';
    type: 'professional' | 'personal';
    grade: string;
  }>;
  phones: Array<{ number: string; type: string; validity: string; recommended: boolean }>;
  /** Where the person worked; a lookup by name finds them at a former employer too. */
  job_history: Array<{ company_name: string; title: string | null; is_current: boolean }>;
}

export function rocketReachProfile(
  id: number,
  name: string,
  extra: Partial<Omit<RocketReachProfile, 'id' | 'name'>> = {},
): RocketReachProfile {
  return {
    id,
    name,
    current_title: null,
    current_employer: null,
    linkedin_url: null,
    emails: [],
    phones: [],
    job_history: [],
    ...extra,
  };
}

export interface FakeRocketReach extends FakeServer {
  addKey(apiKey: string): void;
  addProfile(profile: RocketReachProfile): void;
  /**
   * The next lookup answers "searching", and its status reads say so this many times more
   * before the profile is complete.
   */
  searchingFor(statusReads: number): void;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase().replace(/\/+$/, '') === b.trim().toLowerCase().replace(/\/+$/, '');

export async function startFakeRocketReach(): Promise<FakeRocketReach> {
  const keys = new Set<string>();
  const profiles: RocketReachProfile[] = [];
  /** Status reads left before a lookup still searching is complete, by profile id. */
  const searching = new Map<number, number>();
  let nextSearchReads: number | null = null;

  const server = await startFakeServer(
    (request) => {
      const apiKey = request.headers['api-key'];
      if (typeof apiKey !== 'string' || !keys.has(apiKey)) {
        return { status: 401, body: { detail: 'Invalid API key.' } };
      }
      if (request.method === 'GET' && request.path === '/api/v2/person/lookup') {
        const q = (name: string) => request.query.get(name);
        if (q('name') && !q('current_employer')) {
          return { status: 400, body: { detail: 'current_employer is required with name.' } };
        }
        if (!q('id') && !q('linkedin_url') && !q('email') && !q('name')) {
          return {
            status: 400,
            body: { detail: 'Provide id, linkedin_url, email, or name with current_employer.' },
          };
        }
        const found = profiles.find(
          (profile) =>
            (q('id') && String(profile.id) === q('id')) ||
            same(profile.linkedin_url, q('linkedin_url')) ||
            profile.emails.some((email) => same(email.email, q('email'))) ||
            (same(profile.name, q('name')) &&
              [profile.current_employer, ...profile.job_history.map((job) => job.company_name)].some(
                (employer) => same(employer, q('current_employer')),
              )),
        );
        if (!found) return { status: 404, body: { detail: 'Not found.' } };
        // Only the lookup after searchingFor() keeps searching; any other finds the profile ready.
        if (nextSearchReads === null) searching.delete(found.id);
        else {
          searching.set(found.id, nextSearchReads);
          nextSearchReads = null;
          return { status: 200, body: { id: found.id, status: 'searching', name: found.name } };
        }
        return { status: 200, body: { ...found, status: 'complete' } };
      }
      if (request.method === 'GET' && request.path === '/api/v2/person/checkStatus') {
        const ids = (request.query.get('ids') ?? '').split(',').filter(Boolean);
        if (ids.length === 0) return { status: 400, body: { detail: 'ids is required.' } };
        return {
          status: 200,
          body: profiles
            .filter((profile) => ids.includes(String(profile.id)))
            .map((profile) => {
              const left = searching.get(profile.id);
              if (left === undefined) return { ...profile, status: 'complete' };
              if (left > 0) {
                searching.set(profile.id, left - 1);
                return { id: profile.id, status: 'progress', name: profile.name };
              }
              searching.delete(profile.id);
              return { ...profile, status: 'complete' };
            }),
        };
      }
      return { status: 404, body: { detail: 'Not found.' } };
    },
    (failure) => ({
      detail:
        failure.status === 429
          ? 'Request was throttled.'
          : failure.status === 402 || failure.status === 403
            ? 'You do not have enough lookup credits.'
            : 'A server error occurred.',
    }),
  );
  return {
    ...server,
    addKey: (apiKey) => keys.add(apiKey),
    addProfile: (profile) => profiles.push(profile),
    searchingFor: (statusReads) => {
      nextSearchReads = statusReads;
    },
  };
}
