import type { RetryPolicy } from '../../lib/retrying-fetch';
import type { EnrichmentFindings, EnrichmentProvider, LeadToEnrich } from './enrichment-provider';
import {
  callProvider,
  emailAddress,
  failureFor,
  isRecord,
  text,
  unreadable,
  withScheme,
} from './provider-http';

/*
 * Lusha Person API v2 (https://docs.lusha.com/v2/enrichment/single-contact): GET /v2/person with
 * the key in the api_key header and the person by email, LinkedIn URL (linkedinUrl), or first
 * and last name with the company (firstName, lastName, companyName) → contact.data with
 * emailAddresses, phoneNumbers, jobTitle.title, company.name and companySize, socialLinks.linkedin.
 * A person Lusha does not know is a 200 whose contact.error says EMPTY_DATA (or a 404): nothing
 * found, not a failure. Lusha tracks where people work now, so its company tells a job change.
 */

/** The first value of a list that matches, else the first one. */
function preferred<T>(values: T[], matches: (value: T) => boolean): T | undefined {
  return values.find(matches) ?? values[0];
}

/** A mobile reaches the person, a direct line their desk; other numbers may be a switchboard. */
const PHONE_ORDER = ['mobile', 'direct'];

/** Lusha names an address `email` or `address` and its kind `emailType` or `type` (work, private). */
function pickEmail(list: unknown): string | null {
  const emails = (Array.isArray(list) ? list : []).filter(isRecord).flatMap((entry) => {
    const address = emailAddress(entry.email ?? entry.address);
    return address ? [{ address, kind: text(entry.emailType ?? entry.type, 20)?.toLowerCase() }] : [];
  });
  return preferred(emails, (email) => email.kind === 'work')?.address ?? null;
}

/** A number flagged Do Not Call is never taken: it must not be called. */
function pickPhone(list: unknown): string | null {
  const phones = (Array.isArray(list) ? list : [])
    .filter(isRecord)
    .filter((entry) => entry.doNotCall !== true)
    .flatMap((entry) => {
      const number = text(entry.number, 50);
      return number ? [{ number, kind: text(entry.phoneType, 20)?.toLowerCase() }] : [];
    });
  const rank = (kind: string | undefined) => {
    const at = PHONE_ORDER.indexOf(kind ?? '');
    return at === -1 ? PHONE_ORDER.length : at;
  };
  return [...phones].sort((a, b) => rank(a.kind) - rank(b.kind))[0]?.number ?? null;
}

/** Lusha gives a company's size as its bounds, [201, 500]; we keep PDL's form, "201-500". */
function sizeRange(value: unknown): string | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [low, high] = value as unknown[];
  return typeof low === 'number' && typeof high === 'number' ? `${low}-${high}` : null;
}

function readContact(data: Record<string, unknown>): EnrichmentFindings {
  const fields: EnrichmentFindings['fields'] = {};
  const email = pickEmail(data.emailAddresses);
  if (email) fields.email = email;
  // v2 answers the title as { title, seniority, departments }; a bare string is read too.
  const title = text(isRecord(data.jobTitle) ? data.jobTitle.title : data.jobTitle, 200);
  if (title) fields.job_title = title;
  const company = isRecord(data.company) ? data.company : null;
  const companyName = text(company?.name, 200) ?? text(data.companyName, 200);
  if (companyName) fields.company = companyName;
  const size = sizeRange(company?.companySize);
  if (size) fields.company_size = size;
  const phone = pickPhone(data.phoneNumbers);
  if (phone) fields.phone = phone;
  const linkedin = withScheme(text(isRecord(data.socialLinks) ? data.socialLinks.linkedin : null, 500));
  if (linkedin) fields.social_profiles = linkedin;
  return { fields, ...(companyName && { currentCompany: companyName }) };
}

export function createLushaProvider(
  baseUrl: string,
  apiKey: string,
  options: { retry?: RetryPolicy } = {},
): EnrichmentProvider {
  return {
    tool: 'lusha',
    simulated: false,
    async enrich(lead: LeadToEnrich): Promise<EnrichmentFindings> {
      const url = new URL('/v2/person', baseUrl);
      const email = lead.email ?? lead.found.email;
      const [firstName, ...rest] = lead.name.trim().split(/\s+/);
      const lastName = rest.join(' ');
      if (email) url.searchParams.set('email', email);
      else if (lead.linkedinUrl) url.searchParams.set('linkedinUrl', lead.linkedinUrl);
      else if (firstName && lastName && lead.company) {
        url.searchParams.set('firstName', firstName);
        url.searchParams.set('lastName', lastName);
        url.searchParams.set('companyName', lead.company);
      } else return { fields: {} };
      const answer = await callProvider({
        service: 'lusha',
        url,
        headers: { api_key: apiKey },
        retry: options.retry,
      });
      if (answer.status === 404) return { fields: {} };
      if (answer.status !== 200) throw failureFor('lusha', answer.status);
      if (!isRecord(answer.body) || !isRecord(answer.body.contact)) throw unreadable('lusha');
      const { contact } = answer.body;
      // Not found comes as contact.error (EMPTY_DATA) with data null.
      if (!isRecord(contact.data)) {
        if (contact.error || contact.data === null) return { fields: {} };
        throw unreadable('lusha');
      }
      return readContact(contact.data);
    },
  };
}
