import { type NavSummary, routes } from '@doppel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi, useSession } from '@/lib/services';

export function getNavSummary(api: ApiClient): Promise<NavSummary> {
  return api.call(routes.shell.summary);
}

export function navSummaryQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: ['shell', 'summary'], queryFn: () => getNavSummary(api) });
}

/** Figures for the navigation badges (pending tasks on the actions tab). */
export function useNavSummary() {
  const api = useApi();
  const { status } = useSession();
  return useQuery({ ...navSummaryQueryOptions(api), enabled: status === 'signedIn' });
}
