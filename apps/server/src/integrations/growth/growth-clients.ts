import type { EnrichmentTool } from '@doppel/contracts';
import type { Config } from '../../lib/config';
import { createApolloClient, type ApolloClient } from './apollo';
import type { EnrichmentProvider } from './enrichment-provider';
import { createHunterProvider } from './hunter';
import { createPeopleDataLabsProvider } from './people-data-labs';
import { createPipedriveClient, type PipedriveClient } from './pipedrive';
import { createSimulatedProvider } from './simulated-enrichment';

/** The lead sources with real adapters, at the configured base URLs (tests point them at fakes). */
export function pipedriveClient(config: Config): PipedriveClient {
  return createPipedriveClient(config.growthApiUrls.pipedrive, { retry: config.growthRetry });
}

export function apolloClient(config: Config): ApolloClient {
  return createApolloClient(config.growthApiUrls.apollo, { retry: config.growthRetry });
}

/** The enrichment tools with real adapters, and the provider each needs a key for. */
export const REAL_ENRICHMENT_TOOLS = {
  hunter: 'hunter',
  people_data_labs: 'people_data_labs',
} as const satisfies Partial<Record<EnrichmentTool, string>>;

export function hasRealAdapter(tool: EnrichmentTool): tool is keyof typeof REAL_ENRICHMENT_TOOLS {
  return tool in REAL_ENRICHMENT_TOOLS;
}

/**
 * The provider for a campaign's tool: the real adapter when it has one and the user saved a
 * key for it, else the simulated provider standing in for the tool.
 */
export function enrichmentProvider(
  config: Config,
  tool: EnrichmentTool,
  apiKey: string | null,
): EnrichmentProvider {
  const retry = config.growthRetry;
  if (tool === 'hunter' && apiKey)
    return createHunterProvider(config.growthApiUrls.hunter, apiKey, { retry });
  if (tool === 'people_data_labs' && apiKey) {
    return createPeopleDataLabsProvider(config.growthApiUrls.peopleDataLabs, apiKey, { retry });
  }
  return createSimulatedProvider(tool);
}
