import { createHash } from 'node:crypto';
import type {
  EnrichableField,
  EnrichmentFindings,
  EnrichmentProvider,
  LeadToEnrich,
} from './enrichment-provider';

/*
 * The simulated enrichment provider (docs/decisions/019): for tools Doppel has no adapter for,
 * and real ones without the user's key. Its values are made up — deterministically, from a hash
 * of the lead, so the same lead always gets the same values and a re-run changes nothing — and
 * cannot reach anyone: emails are on the reserved .example top-level domain (RFC 2606), phone
 * numbers in the fictional 555-0100…555-0199 range, profiles on linkedin.example. The run keeps
 * them only in the lead's enrichment map, marked simulated, never in the columns a lead is
 * contacted through.
 */

const JOB_TITLES = [
  'Head of Partnerships',
  'VP of Sales',
  'Founder & CEO',
  'Chief Technology Officer',
  'Head of Growth',
  'Investment Manager',
  'Operations Director',
  'Product Lead',
];
/** Companies that exist only in examples (Microsoft's sample names). */
const COMPANIES = [
  'Northwind Traders',
  'Contoso',
  'Fabrikam',
  'Tailspin Toys',
  'Wide World Importers',
  'Adventure Works',
  'Litware',
  'Proseware',
];
const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001-5000'];
const AREA_CODES = ['212', '312', '415', '617', '206', '512', '303', '404'];

/** ASCII letters and digits of a name, for an address: "Zoë O'Neil" → "zoeoneil". */
function slug(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

function seedOf(lead: Pick<LeadToEnrich, 'name' | 'company'>): Buffer {
  const identity = `${lead.name.trim().toLowerCase()}|${(lead.company ?? '').trim().toLowerCase()}`;
  return createHash('sha256').update(identity).digest();
}

/** A deterministic pick: each field reads its own bytes of the seed. */
function pick<T>(list: readonly T[], seed: Buffer, offset: number): T {
  return list[seed.readUInt16BE(offset) % list.length]!;
}

/** Made-up values for the given fields of a lead; the same lead always gets the same ones. */
export function simulatedValues(
  lead: Pick<LeadToEnrich, 'name' | 'company'>,
  fields: readonly EnrichableField[],
): Partial<Record<EnrichableField, string>> {
  const seed = seedOf(lead);
  const hex = seed.toString('hex');
  const company = lead.company?.trim() || pick(COMPANIES, seed, 0);
  const [first = '', ...rest] = lead.name.trim().split(/\s+/);
  const local = [slug(first), slug(rest.join(''))].filter(Boolean).join('.') || `contact${hex.slice(0, 6)}`;
  const domain = `${slug(company) || `company${hex.slice(6, 12)}`}.example`;
  const values: Record<EnrichableField, string> = {
    email: `${local}@${domain}`,
    company,
    job_title: pick(JOB_TITLES, seed, 2),
    phone: `+1-${pick(AREA_CODES, seed, 4)}-555-01${String(seed.readUInt16BE(6) % 100).padStart(2, '0')}`,
    social_profiles: `https://linkedin.example/in/${slug(lead.name) || 'contact'}-${hex.slice(12, 16)}`,
    company_size: pick(COMPANY_SIZES, seed, 8),
  };
  return Object.fromEntries(fields.map((field) => [field, values[field]]));
}

/** The simulated provider, standing in for `tool`. */
export function createSimulatedProvider(tool: string): EnrichmentProvider {
  return {
    tool,
    simulated: true,
    enrich(lead, missing): Promise<EnrichmentFindings> {
      return Promise.resolve({ fields: simulatedValues(lead, missing) });
    },
  };
}
