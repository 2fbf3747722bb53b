import { ENRICHMENT_TOOLS, type EnrichedValue } from '@doppel/contracts';
import { and, asc, campaignLeads, eq, isNull, sql } from '@doppel/db';
import {
  isEnrichableField,
  sameCompany,
  type EnrichableField,
  type EnrichmentFindings,
  type EnrichmentProvider,
  type LeadToEnrich,
} from '../../integrations/growth/enrichment-provider';
import { enrichmentProvider, hasRealAdapter } from '../../integrations/growth/growth-clients';
import { GrowthProviderError } from '../../integrations/growth/provider-http';
import type { AppContext } from '../../lib/context';
import { recordJobChange } from '../signals';
import type { CampaignRow } from './campaign-queries';
import { readGrowthCredential } from './growth-credentials';
import type { LeadRecord } from './leads';
import { leadScores } from './match-score';
import { note, providerProblem, type RunError, type RunNote, type SliceResult } from './run-state';

/*
 * Enrichment: up to ENRICH_SLICE leads per slice, each through the campaign's tools
 * in the order chosen. Real values (a provider with the user's key) fill the lead's empty columns
 * and its enrichment map; simulated ones go to the map only, marked simulated, so a made-up
 * address or number is never used to reach anyone (docs/decisions/019).
 */

export const ENRICH_SLICE = 25;

/** The lead column each field fills; company size has none (it lives in the map only). */
const COLUMN_OF = {
  email: 'email',
  company: 'company',
  job_title: 'position',
  phone: 'phone',
  social_profiles: 'linkedinUrl',
} as const satisfies Partial<Record<EnrichableField, keyof LeadRecord>>;

type Columns = Pick<LeadRecord, 'email' | 'company' | 'position' | 'phone' | 'linkedinUrl'>;

/** A job change found by a real provider; another issue turns it into a job-change task. */
export type CompanyChange = EnrichedValue & { from: string; to: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function columnValue(columns: Columns, field: EnrichableField): string | null {
  const column = (COLUMN_OF as Partial<Record<EnrichableField, keyof Columns>>)[field];
  return column ? columns[column] : null;
}

/**
 * Whether a field still lacks a value for this provider: a stored column or any map entry is
 * enough for the simulated one; a real one may replace a simulated entry.
 */
function isMissing(
  columns: Columns,
  enrichment: Record<string, EnrichedValue>,
  field: EnrichableField,
  simulated: boolean,
): boolean {
  if (columnValue(columns, field)) return false;
  const entry = enrichment[field];
  return !entry || (!simulated && entry.simulated);
}

interface LeadState {
  columns: Columns;
  enrichment: Record<string, EnrichedValue>;
}

/** Applies a provider's findings to a lead; answers whether anything was added. */
function apply(
  state: LeadState,
  provider: EnrichmentProvider,
  findings: EnrichmentFindings,
  originalCompany: string | null,
): boolean {
  let added = false;
  for (const [field, value] of Object.entries(findings.fields) as Array<[EnrichableField, string]>) {
    if (!value || !isMissing(state.columns, state.enrichment, field, provider.simulated)) continue;
    if (field === 'email' && !EMAIL.test(value)) continue;
    state.enrichment[field] = { value, provider: provider.tool, simulated: provider.simulated };
    const column = (COLUMN_OF as Partial<Record<EnrichableField, keyof Columns>>)[field];
    // Only real values reach the columns a lead is contacted through.
    if (column && !provider.simulated) state.columns[column] = value;
    added = true;
  }
  const now = findings.currentCompany;
  if (!provider.simulated && now && originalCompany && !sameCompany(originalCompany, now)) {
    const change: CompanyChange = {
      value: now,
      provider: provider.tool,
      simulated: false,
      from: originalCompany,
      to: now,
    };
    state.enrichment.company_change = change;
    added = true;
  }
  return added;
}

function toEnrich(lead: LeadRecord, state: LeadState): LeadToEnrich {
  const found: LeadToEnrich['found'] = {};
  for (const [field, entry] of Object.entries(state.enrichment)) {
    if (isEnrichableField(field) && !entry.simulated) found[field] = entry.value;
  }
  return { name: lead.name, ...state.columns, found };
}

const toolLabel = (tool: string) => ENRICHMENT_TOOLS.find((each) => each.id === tool)?.label ?? tool;

/**
 * The next enrichment slice: the oldest leads enrichment has not been through. A provider that
 * refuses the user's key (or has no credits) is not asked again in the slice and is noted as
 * failed; when no tool is left, the stage fails and the run stops until the user fixes the key.
 */
export async function enrichmentSlice(ctx: AppContext, campaign: CampaignRow): Promise<SliceResult> {
  const leads = await ctx.db
    .select()
    .from(campaignLeads)
    .where(and(eq(campaignLeads.campaignId, campaign.id), isNull(campaignLeads.enrichedAt)))
    .orderBy(asc(campaignLeads.createdAt), asc(campaignLeads.id))
    .limit(ENRICH_SLICE);
  if (leads.length === 0) return { stage: 'enrichment', notes: [] };

  const config = campaign.stageConfigs.enrichment;
  const wanted = [...new Set([...config.required_fields, ...config.nice_to_have_fields])].filter(
    isEnrichableField,
  );
  const providers: EnrichmentProvider[] = [];
  for (const tool of config.tools) {
    const key = hasRealAdapter(tool) ? await readGrowthCredential(ctx, campaign.userId, tool) : null;
    providers.push(enrichmentProvider(ctx.config, tool, key));
  }

  const notes: RunNote[] = [];
  const counts = new Map<string, number>(providers.map((provider) => [provider.tool, 0]));
  const blocked = new Map<string, string>();
  const updates: Array<{ lead: LeadRecord; state: LeadState }> = [];

  for (const lead of leads) {
    const usable = providers.filter((provider) => !blocked.has(provider.tool));
    if (usable.length === 0) break;
    const state: LeadState = {
      columns: {
        email: lead.email,
        company: lead.company,
        position: lead.position,
        phone: lead.phone,
        linkedinUrl: lead.linkedinUrl,
      },
      enrichment: { ...lead.enrichment },
    };
    let usedOne = false;
    for (const provider of usable) {
      const missing = wanted.filter((field) =>
        isMissing(state.columns, state.enrichment, field, provider.simulated),
      );
      // The simulated provider only fills gaps; a real one is asked anyway (a changed job matters).
      if (provider.simulated && missing.length === 0) {
        usedOne = true;
        continue;
      }
      let findings: EnrichmentFindings;
      try {
        findings = await provider.enrich(toEnrich(lead, state), missing);
      } catch (error) {
        if (!(error instanceof GrowthProviderError)) throw error;
        if (error.kind === 'credential') blocked.set(provider.tool, error.message);
        else usedOne = true;
        notes.push(note('enrichment', provider.tool, 'failed', providerProblem(error)));
        continue;
      }
      usedOne = true;
      if (apply(state, provider, findings, lead.company))
        counts.set(provider.tool, counts.get(provider.tool)! + 1);
    }
    // A lead whose every tool was refused stays for the run after the user fixes the keys.
    if (usedOne) updates.push({ lead, state });
  }

  for (const provider of providers) {
    if (blocked.has(provider.tool) && counts.get(provider.tool) === 0) continue;
    notes.push(
      note('enrichment', provider.tool, provider.simulated ? 'simulated' : 'enriched', {
        count: counts.get(provider.tool)!,
      }),
    );
  }
  const error: RunError | undefined =
    blocked.size === providers.length && providers.length > 0
      ? {
          code: 'no_enrichment_tool',
          message: `No enrichment tool could be used: ${[...blocked].map(([tool, why]) => `${toolLabel(tool)}: ${why}`).join(' ')}`,
        }
      : undefined;

  // A lead a real provider found at another company is a job change: it becomes
  // a congratulation task like an imported one, and recording it twice changes nothing.
  const jobChanges = updates.flatMap(({ lead, state }) => {
    const change = state.enrichment.company_change as CompanyChange | undefined;
    return change && !lead.enrichment.company_change
      ? [
          {
            name: lead.name,
            oldCompany: change.from,
            newCompany: change.to,
            title: lead.position ?? undefined,
          },
        ]
      : [];
  });
  return {
    stage: 'enrichment',
    notes,
    ...(error !== undefined && { error }),
    afterSave: async () => {
      for (const change of jobChanges) await recordJobChange(ctx, campaign.userId, change);
    },
    write: async (tx) => {
      const now = ctx.clock.now();
      for (const { lead, state } of updates) {
        // Only the columns enrichment filled, and only while still empty: the user may have
        // typed a value meanwhile, which wins.
        const filled = Object.fromEntries(
          (Object.keys(state.columns) as Array<keyof Columns>)
            .filter((column) => !lead[column] && state.columns[column])
            .map((column) => [column, sql`coalesce(${campaignLeads[column]}, ${state.columns[column]})`]),
        );
        await tx
          .update(campaignLeads)
          .set({
            ...filled,
            enrichment: state.enrichment,
            ...leadScores(state.columns, campaign.stageConfigs),
            enrichedAt: now,
            updatedAt: now,
          })
          .where(and(eq(campaignLeads.id, lead.id), eq(campaignLeads.userId, campaign.userId)));
      }
      return [];
    },
  };
}
