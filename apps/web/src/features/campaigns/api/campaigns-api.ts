import {
  type Campaign,
  type CampaignAction,
  type CampaignList,
  type CreateCampaignInput,
  type ListCampaignsQuery,
  routes,
} from '@doppel/contracts';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notifyError } from '@/lib/notify';
import { useApi } from '@/lib/services';

/*
 * The Growth area's server state. Every key starts with 'campaigns' (the detail screen's keys
 * too), so invalidating campaignKeys.all after any change refreshes the list, the chips'
 * counts and every open detail.
 */
export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: () => ['campaigns', 'list'] as const,
  list: (query: ListCampaignsQuery) =>
    [
      'campaigns',
      'list',
      { search: query.search ?? '', type: query.type ?? null, status: query.status ?? null },
    ] as const,
  detail: (id: string) => ['campaigns', 'detail', id] as const,
};

/** GET /api/campaigns?search&type&status: the matching campaigns and the counts of all of them. */
export function fetchCampaigns(
  api: ApiClient,
  query: ListCampaignsQuery,
  signal?: AbortSignal,
): Promise<CampaignList> {
  const search = query.search?.trim();
  return api.call(routes.campaigns.list, {
    query: { search: search || undefined, type: query.type || undefined, status: query.status || undefined },
    signal,
  });
}

/** POST /api/campaigns: the wizard's Launch; the server builds and stores the whole draft. */
export function createCampaign(api: ApiClient, input: CreateCampaignInput): Promise<Campaign> {
  return api.call(routes.campaigns.create, { body: input });
}

/** POST /api/campaigns/:id/status: start, pause, complete or cancel. */
export function changeCampaignStatus(api: ApiClient, id: string, action: CampaignAction): Promise<Campaign> {
  return api.call(routes.campaigns.changeStatus, { params: { id }, body: { action } });
}

export function deleteCampaign(api: ApiClient, id: string): Promise<{ ok: true }> {
  return api.call(routes.campaigns.delete, { params: { id } });
}

export function campaignsQueryOptions(api: ApiClient, query: ListCampaignsQuery) {
  return queryOptions({
    queryKey: campaignKeys.list(query),
    queryFn: ({ signal }) => fetchCampaigns(api, query, signal),
  });
}

/** The list for a search and filters; the previous result stays on screen while the next loads. */
export function useCampaigns(query: ListCampaignsQuery) {
  const api = useApi();
  return useQuery({ ...campaignsQueryOptions(api, query), placeholderData: keepPreviousData });
}

/** After a change: the changed campaign is known at once, everything else under 'campaigns' refetches. */
function refreshCampaigns(queryClient: QueryClient, campaign?: Campaign): Promise<void> {
  if (campaign) queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
  return queryClient.invalidateQueries({ queryKey: campaignKeys.all });
}

/**
 * Creates the campaign as a draft. Failures are toasted here; success is left to the caller
 * (the wizard says so, closes and resets).
 */
export function useCreateCampaign() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCampaignInput) => createCampaign(api, input),
    onSuccess: (campaign) => refreshCampaigns(queryClient, campaign),
    onError: (error) => notifyError(error, i18n.t('campaigns:errors.create')),
  });
}

/** Start, Pause, Complete or Cancel; failures are toasted here, success is the caller's to say. */
export function useChangeCampaignStatus() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: CampaignAction }) =>
      changeCampaignStatus(api, id, action),
    onSuccess: (campaign) => refreshCampaigns(queryClient, campaign),
    onError: (error) => notifyError(error, i18n.t('campaigns:errors.status')),
  });
}

/** Deletes a campaign (the caller asks first); failures are toasted here. */
export function useDeleteCampaign() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCampaign(api, id),
    onSuccess: async (_result, id) => {
      // Marked stale, not removed: an open detail would fetch it again before it goes away.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: campaignKeys.detail(id), refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: campaignKeys.lists() }),
      ]);
    },
    onError: (error) => notifyError(error, i18n.t('campaigns:errors.delete')),
  });
}
