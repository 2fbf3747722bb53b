import type { PollPolicy } from '../../lib/config';
import type { RetryPolicy } from '../../lib/retrying-fetch';
import type {
  EnrichableField,
  EnrichmentFindings,
  EnrichmentProvider,
  LeadToEnrich,
} from './enrichment-provider';
import {
  callProvider,
  defaultPollPolicy,
  emailAddress,
  failureFor,
  GrowthProviderError,
  isRecord,
  pollUntilReady,
  text,
  unreadable,
  type ProviderAnswer,
} from './provider-http';

/*
 * Snov.io (https://snov.io/api), whose key is a pair: the API user id and secret, saved as one key
 * "CLIENT_ID:CLIENT_SECRET".
 * - POST /v1/oauth/access_token (form: grant_type=client_credentials, client_id, client_secret)
 *   → access_token, valid expires_in seconds (an hour); one token serves the whole slice.
 * - POST /v2/company-domain-by-name/start { names: [company] } → data.task_hash, then
 *   GET /v2/company-domain-by-name/result?task_hash=… → data[].result.domain.
 * - POST /v2/emails-by-domain-by-name/start { rows: [{ first_name, last_name, domain }] } →
 *   data.task_hash, then GET /v2/emails-by-domain-by-name/result?task_hash=… →
 *   data[].result[] { email, smtp_status }.
 * Data calls carry the token as Authorization: Bearer. A task's result reads `status:
 * "in_progress"` until it is done; it is read a bounded number of times (PollPolicy).
 * Snov.io finds an email and nothing else, so it is asked only when the lead still lacks one —
 * which means the lead has no work address to take the domain from: the domain comes from the
 * company's name.
 */

const KEY_FORMAT_MESSAGE = 'The Snov.io key must be entered as CLIENT_ID:CLIENT_SECRET.';
/** A token is renewed this long before Snov.io says it expires, so no call carries a dead one. */
const TOKEN_MARGIN_MS = 60_000;

/** The user id and secret from the saved key, split at its first colon. */
function snovCredentials(apiKey: string): { clientId: string; clientSecret: string } {
  const colon = apiKey.indexOf(':');
  const clientId = colon === -1 ? '' : apiKey.slice(0, colon).trim();
  const clientSecret = colon === -1 ? '' : apiKey.slice(colon + 1).trim();
  if (!clientId || !clientSecret) {
    throw new GrowthProviderError('snov', 'credential', 'credential_refused', KEY_FORMAT_MESSAGE);
  }
  return { clientId, clientSecret };
}

/** The task hash of a start answer: `data.task_hash` (older answers had it at the top). */
function taskHash(answer: ProviderAnswer): string {
  if (answer.status !== 200 && answer.status !== 201 && answer.status !== 202) {
    throw failureFor('snov', answer.status);
  }
  const body = isRecord(answer.body) ? answer.body : null;
  const hash = text(isRecord(body?.data) ? body.data.task_hash : body?.task_hash, 200);
  if (!hash) throw unreadable('snov');
  return hash;
}

/** A finished task's `data` list, or null while Snov.io is still working on it. */
function finishedData(answer: ProviderAnswer): unknown[] | null {
  if (answer.status !== 200) throw failureFor('snov', answer.status);
  if (!isRecord(answer.body)) throw unreadable('snov');
  if (answer.body.status !== 'completed') return null;
  const { data } = answer.body;
  return Array.isArray(data) ? (data as unknown[]) : [];
}

/** A valid address first, then one Snov.io could not check; never one it found invalid. */
function pickEmail(results: unknown): string | null {
  const candidates = (Array.isArray(results) ? results : []).filter(isRecord);
  for (const wanted of ['valid', 'unknown']) {
    for (const candidate of candidates) {
      const email = emailAddress(candidate.email);
      if (email && text(candidate.smtp_status, 20)?.toLowerCase() === wanted) return email;
    }
  }
  return null;
}

export function createSnovProvider(
  baseUrl: string,
  apiKey: string,
  options: { retry?: RetryPolicy; poll?: PollPolicy } = {},
): EnrichmentProvider {
  const poll = options.poll ?? defaultPollPolicy;
  let token: { value: string; renewAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && Date.now() < token.renewAt) return token.value;
    const { clientId, clientSecret } = snovCredentials(apiKey);
    const answer = await callProvider({
      service: 'snov',
      url: new URL('/v1/oauth/access_token', baseUrl),
      form: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
      retry: options.retry,
    });
    // The token endpoint takes nothing but the key: any refusal of it (OAuth answers 400 or 401
    // for an unknown client) is the key's.
    if (answer.status === 400 || answer.status === 401) throw failureFor('snov', 401);
    if (answer.status !== 200) throw failureFor('snov', answer.status);
    const value = isRecord(answer.body) ? text(answer.body.access_token, 2000) : null;
    if (!value || !isRecord(answer.body)) throw unreadable('snov');
    const lifetimeS = typeof answer.body.expires_in === 'number' ? answer.body.expires_in : 3600;
    token = { value, renewAt: Date.now() + lifetimeS * 1000 - TOKEN_MARGIN_MS };
    return value;
  }

  /** Starts a task and reads its result until Snov.io has finished it. */
  async function runTask(path: string, start: unknown): Promise<unknown[]> {
    const authorization = `Bearer ${await accessToken()}`;
    const started = await callProvider({
      service: 'snov',
      url: new URL(`${path}/start`, baseUrl),
      headers: { authorization },
      json: start,
      retry: options.retry,
    });
    const hash = taskHash(started);
    const resultUrl = new URL(`${path}/result`, baseUrl);
    resultUrl.searchParams.set('task_hash', hash);
    return pollUntilReady('snov', poll, async () =>
      finishedData(
        await callProvider({
          service: 'snov',
          url: resultUrl,
          headers: { authorization },
          retry: options.retry,
        }),
      ),
    );
  }

  async function domainOf(company: string): Promise<string | null> {
    const [entry] = (await runTask('/v2/company-domain-by-name', { names: [company] })).filter(isRecord);
    const result: unknown = Array.isArray(entry?.result) ? entry.result[0] : entry?.result;
    const domain = text(isRecord(result) ? result.domain : null, 253)?.toLowerCase();
    return domain && /^[a-z0-9.-]+\.[a-z]{2,}$/.test(domain) ? domain : null;
  }

  return {
    tool: 'snov',
    simulated: false,
    async enrich(lead: LeadToEnrich, missing: readonly EnrichableField[]): Promise<EnrichmentFindings> {
      // A badly entered key is the user's to fix, whatever the lead.
      snovCredentials(apiKey);
      if (!missing.includes('email')) return { fields: {} };
      const [firstName, ...rest] = lead.name.trim().split(/\s+/);
      const lastName = rest.join(' ');
      if (!firstName || !lastName || !lead.company) return { fields: {} };
      const domain = await domainOf(lead.company);
      if (!domain) return { fields: {} };
      const rows = await runTask('/v2/emails-by-domain-by-name', {
        rows: [{ first_name: firstName, last_name: lastName, domain }],
      });
      const [row] = rows.filter(isRecord);
      const email = pickEmail(row?.result);
      return { fields: email ? { email } : {} };
    },
  };
}
