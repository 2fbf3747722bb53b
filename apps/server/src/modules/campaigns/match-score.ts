import type { StageConfigs } from '@doppel/contracts';
import type { LeadRow } from './parse-lead-csv';

type Scored = Pick<LeadRow, 'email' | 'company' | 'position' | 'phone' | 'linkedinUrl'>;

const contains = (text: string | null, needles: readonly string[]) =>
  !!text &&
  needles.some((needle) => needle.trim() !== '' && text.toLowerCase().includes(needle.trim().toLowerCase()));

/**
 * How well a lead fits its campaign, 0–100 (the Leads tab's match %). Half is data quality —
 * the fields the campaign requires, then the nice-to-have ones —
 * and half is fit: the job-title and industry filters when the campaign has any, else a
 * position and a company to reach out to. Documented in docs/decisions/019.
 */
export function leadMatchScore(lead: Scored, configs: StageConfigs): number {
  const quality = dataQualityShare(lead, configs);

  const { job_titles: titles, industries } = configs.extraction.filters;
  const checks: boolean[] = [];
  if (titles.length > 0) checks.push(contains(lead.position, titles));
  if (industries.length > 0)
    checks.push(contains(lead.company, industries) || contains(lead.position, industries));
  const fit =
    checks.length > 0
      ? checks.filter(Boolean).length / checks.length
      : (lead.position ? 0.5 : 0) + (lead.company ? 0.5 : 0);
  return Math.round(50 * quality + 50 * fit);
}

/**
 * The lead's data quality, 0–100: the share of the fields the campaign requires (80%) and of
 * the nice-to-have ones (20%) it has. The campaign's data-quality threshold is compared with
 * this (issue 22): with the default threshold of 80, a lead missing a required field is held.
 * Only real values count — simulated enrichment never fills a column.
 */
export function leadDataQuality(lead: Scored, configs: StageConfigs): number {
  return Math.round(100 * dataQualityShare(lead, configs));
}

function dataQualityShare(lead: Scored, configs: StageConfigs): number {
  const requirements = configs.extraction.data_quality_requirements;
  const required: Array<[boolean, boolean]> = [
    [requirements.email_required, !!lead.email],
    [requirements.company_required, !!lead.company],
    [requirements.linkedin_required, !!lead.linkedinUrl],
    [requirements.phone_required, !!lead.phone],
  ];
  const asked = required.filter(([isRequired]) => isRequired);
  const requiredShare = asked.length === 0 ? 1 : asked.filter(([, present]) => present).length / asked.length;
  const optional = [lead.email, lead.company, lead.position, lead.phone, lead.linkedinUrl];
  const optionalShare = optional.filter(Boolean).length / optional.length;
  return 0.8 * requiredShare + 0.2 * optionalShare;
}

/** Both scores of a lead, as stored with it. */
export function leadScores(lead: Scored, configs: StageConfigs): { matchScore: number; dataQuality: number } {
  return { matchScore: leadMatchScore(lead, configs), dataQuality: leadDataQuality(lead, configs) };
}
