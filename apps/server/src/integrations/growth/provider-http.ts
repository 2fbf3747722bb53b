import type { CampaignRunProblem } from '@doppel/contracts';
import type { PollPolicy } from '../../lib/config';
import { createRetryingFetch, defaultRetryPolicy, type RetryPolicy } from '../../lib/retrying-fetch';
import { cutText, storableText } from '../../lib/text';

/*
 * One call to a lead-source or enrichment provider's HTTP API (Pipedrive, Apollo, Hunter, People
 * Data Labs, Lusha, Snov.io, RocketReach). The base URLs come from the server's configuration, not
 * from users, so these calls use the plain fetch (like the messenger adapters); what a user types
 * (a Google Sheets address) goes through the guarded fetch instead. 429 and 5xx are retried
 * honouring Retry-After, every call has a time cap, and failures become GrowthProviderError in our
 * words: never the key (Pipedrive's travels in the query string), never the provider's raw body.
 */

/** Per provider call, retries included. */
export const PROVIDER_TIMEOUT_MS = 20_000;

export type GrowthService =
  'pipedrive' | 'apollo' | 'hunter' | 'people_data_labs' | 'lusha' | 'snov' | 'rocketreach';

const SERVICE_NAMES: Record<GrowthService, string> = {
  pipedrive: 'Pipedrive',
  apollo: 'Apollo',
  hunter: 'Hunter',
  people_data_labs: 'People Data Labs',
  lusha: 'Lusha',
  snov: 'Snov.io',
  rocketreach: 'RocketReach',
};

/**
 * What the user saves for each: Pipedrive calls it an API token, the others an API key (Snov.io's
 * is its API user id and secret, saved together as one key).
 */
const CREDENTIAL_NAMES: Record<GrowthService, string> = {
  pipedrive: 'API token',
  apollo: 'API key',
  hunter: 'API key',
  people_data_labs: 'API key',
  lusha: 'API key',
  snov: 'API key',
  rocketreach: 'API key',
};

export function serviceName(service: GrowthService): string {
  return SERVICE_NAMES[service];
}

/** What went wrong with a provider call, as the run note's code (contracts: campaignRunProblems). */
export type GrowthProblem = Extract<
  CampaignRunProblem,
  | 'credential_refused'
  | 'no_credits'
  | 'access_refused'
  | 'rate_limited'
  | 'provider_error'
  | 'request_refused'
  | 'timeout'
  | 'unreachable'
  | 'unreadable_answer'
>;

/**
 * Why a provider call failed. `kind` tells the run what to do: 'credential' (refused key, no
 * credits, no access) stops using the provider until the user fixes it; the others are worth a
 * later try. `problem` is the same for the user, as a code the web app words in their language;
 * the message says it in English, for API clients.
 */
export class GrowthProviderError extends Error {
  override name = 'GrowthProviderError';
  constructor(
    readonly service: GrowthService,
    readonly kind: 'credential' | 'rate_limited' | 'unavailable' | 'bad_answer',
    readonly problem: GrowthProblem,
    message: string,
    /** The provider's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface ProviderCall {
  service: GrowthService;
  url: URL;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as an HTML form (application/x-www-form-urlencoded), as OAuth token endpoints expect. */
  form?: Record<string, string>;
  retry?: RetryPolicy;
  timeoutMs?: number;
}

export interface ProviderAnswer {
  status: number;
  /** Parsed JSON, or null when the body was empty or not JSON. */
  body: unknown;
}

/** Calls the provider; network failures and time-outs throw, any HTTP status is returned. */
export async function callProvider(call: ProviderCall): Promise<ProviderAnswer> {
  const name = serviceName(call.service);
  const retrying = createRetryingFetch(call.retry ?? defaultRetryPolicy);
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': 'Doppel/0.1 (+campaigns)',
    ...call.headers,
  };
  let body: string | undefined;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  } else if (call.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(call.form).toString();
  }
  let response: Response;
  try {
    response = await retrying(call.url, {
      method: call.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: AbortSignal.timeout(call.timeoutMs ?? PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new GrowthProviderError(
      call.service,
      'unavailable',
      timedOut ? 'timeout' : 'unreachable',
      timedOut ? `${name} did not answer in time.` : `${name} could not be reached.`,
    );
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's HTML error page): the status says enough.
  }
  return { status: response.status, body: parsed };
}

/**
 * The error for an answer that is not a success. 404 is not here: for enrichment it means "no
 * match", which each adapter reads itself.
 */
export function failureFor(service: GrowthService, status: number): GrowthProviderError {
  const name = serviceName(service);
  if (status === 401) {
    return new GrowthProviderError(
      service,
      'credential',
      'credential_refused',
      `The ${name} ${CREDENTIAL_NAMES[service]} was refused.`,
      status,
    );
  }
  if (status === 402) {
    return new GrowthProviderError(
      service,
      'credential',
      'no_credits',
      `${name} says the account has no credits left.`,
      status,
    );
  }
  if (status === 403) {
    return new GrowthProviderError(
      service,
      'credential',
      'access_refused',
      `${name} refused access with this ${CREDENTIAL_NAMES[service]}; check its permissions and plan.`,
      status,
    );
  }
  if (status === 429) {
    return new GrowthProviderError(
      service,
      'rate_limited',
      'rate_limited',
      `${name} is limiting requests; try again later.`,
      status,
    );
  }
  if (status >= 500) {
    return new GrowthProviderError(
      service,
      'unavailable',
      'provider_error',
      `${name} answered with an error (HTTP ${status}).`,
      status,
    );
  }
  return new GrowthProviderError(
    service,
    'bad_answer',
    'request_refused',
    `${name} refused the request (HTTP ${status}).`,
    status,
  );
}

export function unreadable(service: GrowthService): GrowthProviderError {
  return new GrowthProviderError(
    service,
    'bad_answer',
    'unreadable_answer',
    `${serviceName(service)} answered with something we could not read.`,
  );
}

/**
 * The `data` object of an enrichment provider's answer about one person: null when it has
 * nothing on them (404), the provider's refusal in our words otherwise.
 */
export function personData(service: GrowthService, answer: ProviderAnswer): Record<string, unknown> | null {
  if (answer.status === 404) return null;
  if (answer.status !== 200) throw failureFor(service, answer.status);
  if (!isRecord(answer.body) || !isRecord(answer.body.data)) throw unreadable(service);
  return answer.body.data;
}

/**
 * How a lookup that answers later (Snov.io's tasks, RocketReach's searches) is read until ready.
 * Both usually finish within seconds; a lookup still running after this is given up as timed
 * out, and the next run asks again.
 */
export const defaultPollPolicy: PollPolicy = { attempts: 5, intervalMs: 2_000 };

/**
 * Reads an unfinished lookup until it is ready: waits, then reads, at most `attempts` times.
 * `read` answers null while the provider is still working; a lookup never ready is a timeout.
 */
export async function pollUntilReady<T>(
  service: GrowthService,
  policy: PollPolicy,
  read: () => Promise<T | null>,
): Promise<T> {
  for (let attempt = 0; attempt < policy.attempts; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, policy.intervalMs));
    const ready = await read();
    if (ready !== null) return ready;
  }
  throw new GrowthProviderError(
    service,
    'unavailable',
    'timeout',
    `${serviceName(service)} did not finish the lookup in time.`,
  );
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A trimmed non-empty string, storable (decision 028) and cut to `max`, or null. */
export function text(value: unknown, max = 500): string | null {
  const storable = typeof value === 'string' ? storableText(value).trim() : '';
  return storable ? cutText(storable, max) : null;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A plausible email address, lower-cased, or null. */
export function emailAddress(value: unknown): string | null {
  const candidate = text(value, 320)?.toLowerCase() ?? null;
  return candidate && EMAIL_PATTERN.test(candidate) ? candidate : null;
}

/** LinkedIn and company sites are often given without a scheme (PDL: linkedin.com/in/…). */
export function withScheme(value: string | null): string | null {
  if (!value) return null;
  return /^https?:\/\//i.test(value) ? value : `https://${value}`;
}
