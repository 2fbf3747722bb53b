import type { PollPolicy } from '../../lib/config';
import type { RetryPolicy } from '../../lib/retrying-fetch';
import type { EnrichmentFindings, EnrichmentProvider, LeadToEnrich } from './enrichment-provider';
import {
  callProvider,
  defaultPollPolicy,
  emailAddress,
  failureFor,
  isRecord,
  pollUntilReady,
  text,
  unreadable,
  withScheme,
} from './provider-http';

/*
 * RocketReach People Lookup (https://docs.rocketreach.co/reference/people-lookup-api): GET
 * /api/v2/person/lookup with the key in the Api-Key header and the person by linkedin_url, or
 * name with current_employer, or email → { id, status, current_title, current_employer,
 * linkedin_url, emails: [{ email, type, smtp_valid }], phones: [{ number, validity, recommended }] }.
 * A lookup RocketReach has not finished yet answers another status than complete (searching,
 * waiting, progress); GET /api/v2/person/checkStatus?ids=<id> then answers [{ id, status, … }]
 * and is read a bounded number of times (PollPolicy). 404, or the status failed, is nobody found.
 * RocketReach tracks where people work now, so its employer tells a job change.
 */

type Profile = Record<string, unknown>;

const statusOf = (profile: Profile) => text(profile.status, 30)?.toLowerCase() ?? null;

/** Still being looked up; an answer without a status is a finished profile. */
const isPending = (profile: Profile) => {
  const status = statusOf(profile);
  return status !== null && status !== 'complete' && status !== 'failed';
};

/**
 * A professional address RocketReach verified first, then a professional one it could not check,
 * then any verified one; never one it found invalid.
 */
function pickEmail(profile: Profile): string | null {
  const emails = (Array.isArray(profile.emails) ? profile.emails : []).filter(isRecord).flatMap((entry) => {
    const address = emailAddress(entry.email);
    if (!address) return [];
    const validity = text(entry.smtp_valid, 20)?.toLowerCase();
    return validity === 'invalid'
      ? []
      : [{ address, professional: text(entry.type, 20)?.toLowerCase() === 'professional', validity }];
  });
  const pick =
    emails.find((email) => email.professional && email.validity === 'valid') ??
    emails.find((email) => email.professional) ??
    emails.find((email) => email.validity === 'valid');
  if (pick) return pick.address;
  // Profiles without the list name their best work address on its own.
  return emails.length === 0
    ? emailAddress(profile.recommended_professional_email ?? profile.current_work_email)
    : null;
}

/** The number RocketReach recommends first; never one it found invalid. */
function pickPhone(profile: Profile): string | null {
  const phones = (Array.isArray(profile.phones) ? profile.phones : [])
    .filter(isRecord)
    .filter((entry) => text(entry.validity, 20)?.toLowerCase() !== 'invalid')
    .flatMap((entry) => {
      const number = text(entry.number, 50);
      return number ? [{ number, recommended: entry.recommended === true }] : [];
    });
  return (phones.find((phone) => phone.recommended) ?? phones[0])?.number ?? null;
}

function readProfile(profile: Profile): EnrichmentFindings {
  const fields: EnrichmentFindings['fields'] = {};
  const email = pickEmail(profile);
  if (email) fields.email = email;
  const title = text(profile.current_title, 200);
  if (title) fields.job_title = title;
  const company = text(profile.current_employer, 200);
  if (company) fields.company = company;
  const linkedin = withScheme(text(profile.linkedin_url, 500));
  if (linkedin) fields.social_profiles = linkedin;
  const phone = pickPhone(profile);
  if (phone) fields.phone = phone;
  return { fields, ...(company && { currentCompany: company }) };
}

export function createRocketReachProvider(
  baseUrl: string,
  apiKey: string,
  options: { retry?: RetryPolicy; poll?: PollPolicy } = {},
): EnrichmentProvider {
  const poll = options.poll ?? defaultPollPolicy;
  const headers = { 'api-key': apiKey };

  /** The lookup once RocketReach has finished it, merged with what the first answer said. */
  async function finished(started: Profile): Promise<Profile> {
    const id = started.id;
    if (typeof id !== 'number' && typeof id !== 'string') throw unreadable('rocketreach');
    const url = new URL('/api/v2/person/checkStatus', baseUrl);
    url.searchParams.set('ids', String(id));
    return pollUntilReady('rocketreach', poll, async () => {
      const answer = await callProvider({ service: 'rocketreach', url, headers, retry: options.retry });
      if (answer.status !== 200) throw failureFor('rocketreach', answer.status);
      const list = Array.isArray(answer.body) ? answer.body : [answer.body];
      const entry = list.filter(isRecord).find((each) => String(each.id) === String(id));
      if (!entry) throw unreadable('rocketreach');
      const merged = { ...started, ...entry };
      return isPending(merged) ? null : merged;
    });
  }

  return {
    tool: 'rocketreach',
    simulated: false,
    async enrich(lead: LeadToEnrich): Promise<EnrichmentFindings> {
      const url = new URL('/api/v2/person/lookup', baseUrl);
      const name = lead.name.trim();
      const email = lead.email ?? lead.found.email;
      if (lead.linkedinUrl) url.searchParams.set('linkedin_url', lead.linkedinUrl);
      else if (name && lead.company) {
        url.searchParams.set('name', name);
        url.searchParams.set('current_employer', lead.company);
      } else if (email) url.searchParams.set('email', email);
      else return { fields: {} };
      const answer = await callProvider({ service: 'rocketreach', url, headers, retry: options.retry });
      if (answer.status === 404) return { fields: {} };
      if (answer.status !== 200) throw failureFor('rocketreach', answer.status);
      if (!isRecord(answer.body)) throw unreadable('rocketreach');
      const profile = isPending(answer.body) ? await finished(answer.body) : answer.body;
      if (statusOf(profile) === 'failed') return { fields: {} };
      return readProfile(profile);
    },
  };
}
