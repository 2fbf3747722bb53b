import type { RetryPolicy } from '../../lib/retrying-fetch';
import type { EnrichmentFindings, EnrichmentProvider, LeadToEnrich } from './enrichment-provider';
import { callProvider, emailAddress, personData, text, withScheme } from './provider-http';

/*
 * People Data Labs Person Enrichment (https://docs.peopledatalabs.com/docs/enrichment-api): GET
 * /v5/person/enrich with the key in X-Api-Key and the person by email, LinkedIn profile, or name
 * with company → data.job_title, job_company_name, linkedin_url, mobile_phone, job_company_size,
 * work_email. 404 means no record matched. PDL tracks where people work now, so its company is
 * what tells a lead has changed jobs.
 */

export function createPeopleDataLabsProvider(
  baseUrl: string,
  apiKey: string,
  options: { retry?: RetryPolicy } = {},
): EnrichmentProvider {
  return {
    tool: 'people_data_labs',
    simulated: false,
    async enrich(lead: LeadToEnrich): Promise<EnrichmentFindings> {
      const url = new URL('/v5/person/enrich', baseUrl);
      const email = lead.email ?? lead.found.email;
      if (email) url.searchParams.set('email', email);
      else if (lead.linkedinUrl) url.searchParams.set('profile', lead.linkedinUrl);
      else if (lead.company) {
        url.searchParams.set('name', lead.name);
        url.searchParams.set('company', lead.company);
      } else return { fields: {} };
      const answer = await callProvider({
        service: 'people_data_labs',
        url,
        headers: { 'x-api-key': apiKey },
        retry: options.retry,
      });
      const data = personData('people_data_labs', answer);
      if (!data) return { fields: {} };
      // PDL's free plans answer `true` for fields that exist but are not revealed: text() drops them.
      const fields: EnrichmentFindings['fields'] = {};
      const workEmail = emailAddress(data.work_email);
      if (workEmail) fields.email = workEmail;
      const title = text(data.job_title, 200);
      if (title) fields.job_title = title;
      const company = text(data.job_company_name, 200);
      if (company) fields.company = company;
      const linkedin = withScheme(text(data.linkedin_url, 500));
      if (linkedin) fields.social_profiles = linkedin;
      const phone = text(data.mobile_phone, 50);
      if (phone) fields.phone = phone;
      const size = text(data.job_company_size, 50);
      if (size) fields.company_size = size;
      return { fields, ...(company && { currentCompany: company }) };
    },
  };
}
