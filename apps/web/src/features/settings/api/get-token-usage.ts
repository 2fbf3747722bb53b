import { routes, type TokenUsage } from '@doppel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/services';

export const tokenUsageQueryKey = ['usage', 'tokens'] as const;

export function getTokenUsage(api: ApiClient): Promise<TokenUsage> {
  return api.call(routes.usage.tokens);
}

export function tokenUsageQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: tokenUsageQueryKey, queryFn: () => getTokenUsage(api) });
}

export function useTokenUsage() {
  const api = useApi();
  return useQuery(tokenUsageQueryOptions(api));
}
