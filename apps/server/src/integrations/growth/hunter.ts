import type { RetryPolicy } from '../../lib/retrying-fetch';
import {
  companyDomainOf,
  type EnrichmentFindings,
  type EnrichmentProvider,
  type LeadToEnrich,
} from './enrichment-provider';
import { callProvider, emailAddress, personData, text, withScheme } from './provider-http';

/*
 * Hunter.io Email Finder (https://hunter.io/api-documentation/v2#email-finder): GET
 * /v2/email-finder?domain=…&first_name=…&last_name=…&api_key=… → data.email, data.position.
 * Hunter searches a company's domain; a lead gives one only through a work email address, so a
 * lead without one is skipped rather than guessed at.
 */

export function createHunterProvider(
  baseUrl: string,
  apiKey: string,
  options: { retry?: RetryPolicy } = {},
): EnrichmentProvider {
  return {
    tool: 'hunter',
    simulated: false,
    async enrich(lead: LeadToEnrich): Promise<EnrichmentFindings> {
      const domain = companyDomainOf(lead.email ?? lead.found.email);
      const [firstName, ...rest] = lead.name.trim().split(/\s+/);
      const lastName = rest.join(' ');
      if (!domain || !firstName || !lastName) return { fields: {} };
      const url = new URL('/v2/email-finder', baseUrl);
      url.searchParams.set('domain', domain);
      url.searchParams.set('first_name', firstName);
      url.searchParams.set('last_name', lastName);
      url.searchParams.set('api_key', apiKey);
      const answer = await callProvider({ service: 'hunter', url, retry: options.retry });
      // Hunter answers 404 when it has nothing on the domain.
      const data = personData('hunter', answer);
      if (!data) return { fields: {} };
      const fields: EnrichmentFindings['fields'] = {};
      const email = emailAddress(data.email);
      if (email) fields.email = email;
      const position = text(data.position, 200);
      if (position) fields.job_title = position;
      const linkedin = withScheme(text(data.linkedin_url, 500));
      if (linkedin) fields.social_profiles = linkedin;
      const phone = text(data.phone_number, 50);
      if (phone) fields.phone = phone;
      return { fields };
    },
  };
}
