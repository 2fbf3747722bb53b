/*
 * Enrichment providers: each fills what it can find about a lead. Real providers
 * (Hunter, People Data Labs) call their API with the user's key; every other tool, and a real
 * one without a key, is the simulated provider, whose values are marked simulated wherever they
 * are stored or shown (docs/decisions/019).
 */

/** The fields a campaign asks enrichment for (its required and nice-to-have fields). */
export const ENRICHABLE_FIELDS = [
  'email',
  'company',
  'job_title',
  'phone',
  'social_profiles',
  'company_size',
] as const;
export type EnrichableField = (typeof ENRICHABLE_FIELDS)[number];

export function isEnrichableField(field: string): field is EnrichableField {
  return (ENRICHABLE_FIELDS as readonly string[]).includes(field);
}

/** What a provider is told about a lead: its stored fields and real values found so far. */
export interface LeadToEnrich {
  name: string;
  company: string | null;
  position: string | null;
  email: string | null;
  phone: string | null;
  linkedinUrl: string | null;
  /** Real (not simulated) values earlier tools found, which may help this one (an email's domain). */
  found: Partial<Record<EnrichableField, string>>;
}

export interface EnrichmentFindings {
  fields: Partial<Record<EnrichableField, string>>;
  /**
   * Where the person works now, by a provider that tracks employment (People Data Labs): when it
   * differs from the lead's company, the lead has changed jobs.
   */
  currentCompany?: string;
}

export interface EnrichmentProvider {
  /** The campaign's tool id (hunter, people_data_labs, clearbit, …). */
  tool: string;
  simulated: boolean;
  /**
   * What the provider finds about the lead; empty when it finds nothing or has too little to
   * search by. `missing` are the fields the lead still lacks: a real provider reports all it
   * found (a changed company matters even when the lead has one), the simulated one only these.
   * Throws GrowthProviderError when the provider fails.
   */
  enrich(lead: LeadToEnrich, missing: readonly EnrichableField[]): Promise<EnrichmentFindings>;
}

/** Addresses at these domains say nothing about where a person works. */
const PERSONAL_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'mail.ru',
  'yandex.ru',
  'ya.ru',
  'free.fr',
  'orange.fr',
  'laposte.net',
]);

/** The company's domain, read from a work email address; null for personal mail services. */
export function companyDomainOf(email: string | null | undefined): string | null {
  const domain = email?.split('@')[1]?.trim().toLowerCase();
  if (!domain || !domain.includes('.') || PERSONAL_MAIL_DOMAINS.has(domain)) return null;
  if (/^(yahoo|hotmail|outlook|live)\./.test(domain)) return null;
  return domain;
}

const COMPANY_SUFFIXES =
  /\b(inc|incorporated|llc|ltd|limited|gmbh|ag|sa|sas|sarl|bv|plc|corp|corporation|co|company|ooo|oy|ab)\b\.?/g;

/** A company name compared loosely: case, punctuation and legal suffixes do not count. */
export function sameCompany(a: string, b: string): boolean {
  const normal = (name: string) =>
    name
      .toLowerCase()
      .replace(/[.,&'’"()-]/g, ' ')
      .replace(COMPANY_SUFFIXES, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return normal(a) === normal(b);
}
