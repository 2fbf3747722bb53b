import { describe, expect, it } from 'vitest';
import { ENRICHABLE_FIELDS, type LeadToEnrich } from './enrichment-provider';
import { createSimulatedProvider, simulatedValues } from './simulated-enrichment';

const lead = (name: string, company: string | null): LeadToEnrich => ({
  name,
  company,
  position: null,
  email: null,
  phone: null,
  linkedinUrl: null,
  found: {},
});

describe('simulated enrichment', () => {
  it('gives the same lead the same values every time, and another lead others', () => {
    const first = simulatedValues(lead('Ann Lee', 'Acme'), ENRICHABLE_FIELDS);
    expect(simulatedValues(lead('Ann Lee', 'Acme'), ENRICHABLE_FIELDS)).toEqual(first);
    // Case and spacing do not make another person.
    expect(simulatedValues(lead(' ann lee ', 'ACME'), ['phone', 'job_title'])).toEqual({
      phone: first.phone,
      job_title: first.job_title,
    });
    const other = simulatedValues(lead('Bo Chen', 'Globex'), ENRICHABLE_FIELDS);
    expect(other).not.toEqual(first);
  });

  it('makes values that cannot reach anyone: .example addresses, 555-01xx numbers', () => {
    for (const [name, company] of [
      ['Ann Lee', 'Acme'],
      ['Zoë O’Neil', null],
      ['Иван Петров', 'Рога и копыта'],
      ['Bo', 'Globex'],
    ] as const) {
      const values = simulatedValues(lead(name, company), ENRICHABLE_FIELDS);
      expect(values.email).toMatch(/^[a-z0-9.]+@[a-z0-9]+\.example$/);
      expect(values.phone).toMatch(/^\+1-\d{3}-555-01\d{2}$/);
      expect(values.social_profiles).toMatch(/^https:\/\/linkedin\.example\/in\//);
    }
    expect(simulatedValues(lead('Ann Lee', 'Acme'), ['email']).email).toBe('ann.lee@acme.example');
  });

  it('fills only the fields asked for, keeping a known company', async () => {
    const provider = createSimulatedProvider('clearbit');
    expect(provider).toMatchObject({ tool: 'clearbit', simulated: true });
    const findings = await provider.enrich(lead('Ann Lee', 'Acme'), ['company', 'company_size']);
    expect(Object.keys(findings.fields).sort()).toEqual(['company', 'company_size']);
    expect(findings.fields.company).toBe('Acme');
    expect(findings.currentCompany).toBeUndefined();
  });
});
