import { routes, type UserSettings } from '@doppel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/services';

/** The user's settings (GET /api/settings), read by several areas; edited in the settings dialog. */
export const settingsQueryKey = ['settings'] as const;

export function getSettings(api: ApiClient): Promise<UserSettings> {
  return api.call(routes.settings.get);
}

export function settingsQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: settingsQueryKey, queryFn: () => getSettings(api) });
}

export function useSettings() {
  const api = useApi();
  return useQuery(settingsQueryOptions(api));
}
