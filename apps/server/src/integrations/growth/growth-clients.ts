import type { EnrichmentTool } from '@doppel/contracts';
import type { Config } from '../../lib/config';
import { createApolloClient, type ApolloClient } from './apollo';
import type { EnrichmentProvider } from './enrichment-provider';
import { createHunterProvider } from './hunter';
import { createLushaProvider } from './lusha';
import { createPeopleDataLabsProvider } from './people-data-labs';
import { createPipedriveClient, type PipedriveClient } from './pipedrive';
import { createRocketReachProvider } from './rocketreach';
import { createSimulatedProvider } from './simulated-enrichment';
import { createSnovProvider } from './snov';

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
  lusha: 'lusha',
  snov: 'snov',
  rocketreach: 'rocketreach',
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
  if (!apiKey) return createSimulatedProvider(tool);
  const urls = config.growthApiUrls;
  const retry = config.growthRetry;
  const poll = config.growthPoll;
  switch (tool) {
    case 'hunter':
      return createHunterProvider(urls.hunter, apiKey, { retry });
    case 'people_data_labs':
      return createPeopleDataLabsProvider(urls.peopleDataLabs, apiKey, { retry });
    case 'lusha':
      return createLushaProvider(urls.lusha, apiKey, { retry });
    // Both answer some lookups later and are read again (poll) until ready.
    case 'snov':
      return createSnovProvider(urls.snov, apiKey, { retry, poll });
    case 'rocketreach':
      return createRocketReachProvider(urls.rocketreach, apiKey, { retry, poll });
    default:
      return createSimulatedProvider(tool);
  }
}
