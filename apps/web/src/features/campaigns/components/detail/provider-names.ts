import type { GrowthProvider } from '@doppel/contracts';

/** Providers' product names: the same in every language, like the tools' labels in the contracts. */
export const PROVIDER_NAMES: Record<GrowthProvider, string> = {
  pipedrive: 'Pipedrive',
  apollo: 'Apollo',
  hunter: 'Hunter.io',
  people_data_labs: 'People Data Labs',
  lusha: 'Lusha',
  snov: 'Snov.io',
  rocketreach: 'RocketReach',
};
