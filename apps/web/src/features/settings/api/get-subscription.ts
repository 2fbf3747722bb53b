import { routes, type Subscription } from '@doppel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/services';

export function getSubscription(api: ApiClient): Promise<Subscription> {
  return api.call(routes.subscription.get);
}

export function subscriptionQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: ['subscription'], queryFn: () => getSubscription(api) });
}

export function useSubscription() {
  const api = useApi();
  return useQuery(subscriptionQueryOptions(api));
}
