import {
  type BulkEmailInput,
  type Campaign,
  type CreateLeadInput,
  type GrowthCredential,
  type GrowthProvider,
  type Lead,
  type LeadCsvField,
  type LeadPage,
  type LeadStatus,
  pathOf,
  routes,
  type UpdateCampaignInput,
} from '@doppel/contracts';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiErrorFromResponse, isAbortError, isApiError, networkError } from '@/lib/api-error';
import { currentLanguage, i18n } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useApi, useSessionManager } from '@/lib/services';
import type { SessionManager } from '@/lib/session';
import { campaignKeys } from './campaigns-api';

/**
 * Query keys of the detail screen, under the list's campaignKeys.detail(id): everything starts
 * with 'campaigns', so invalidating campaignKeys.all (as the list's hooks and the live
 * 'campaign.updated' event do) refreshes the detail, its leads, analytics and sequence figures too.
 */
export const campaignDetailKeys = {
  all: campaignKeys.all,
  detail: campaignKeys.detail,
  leads: (id: string) => ['campaigns', 'detail', id, 'leads'] as const,
  leadPage: (id: string, filter: LeadFilter, cursor: string | undefined) =>
    ['campaigns', 'detail', id, 'leads', filter, cursor ?? null] as const,
  analytics: (id: string) => ['campaigns', 'detail', id, 'analytics'] as const,
  sequence: (id: string) => ['campaigns', 'detail', id, 'sequence'] as const,
  credentials: ['growth', 'credentials'] as const,
};

/** While a run is going the campaign, its leads and figures are read again this often. */
export const LIVE_REFRESH_MS = 3000;
export const LEADS_PAGE_SIZE = 50;

export interface LeadFilter {
  status?: LeadStatus;
  search?: string;
}

export function isRunning(campaign: Campaign | undefined): boolean {
  return campaign?.run.state === 'running';
}

/**
 * The user's models (Settings → AI models), for the campaign's choice of model. The same query
 * and key as the settings' list, so adding or deleting a model there refreshes it here.
 */
export function useAiModelChoices() {
  const api = useApi();
  return useQuery({ queryKey: ['ai-models'] as const, queryFn: () => api.call(routes.ai.listModels) });
}

/** GET /api/campaigns/:id, read again every few seconds while its run is going. */
export function useCampaign(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: campaignDetailKeys.detail(id),
    queryFn: ({ signal }) => api.call(routes.campaigns.get, { params: { id }, signal }),
    refetchInterval: (query) => (isRunning(query.state.data) ? LIVE_REFRESH_MS : false),
  });
}

/** Puts a changed campaign in its cache entry and has every list and figure read again. */
async function storeCampaign(queryClient: QueryClient, campaign: Campaign): Promise<void> {
  queryClient.setQueryData(campaignDetailKeys.detail(campaign.id), campaign);
  await queryClient.invalidateQueries({
    queryKey: campaignDetailKeys.all,
    predicate: (query) => query.queryKey[2] !== campaign.id || query.queryKey.length > 3,
  });
}

/** Leads, leads' figures and the campaign's metrics all move together. */
function refreshLeads(queryClient: QueryClient, id: string): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [root, kind, campaignId] = query.queryKey;
      if (root !== 'campaigns') return false;
      // The detail screen's own queries for this campaign, and every list (its counts).
      return kind === 'detail' ? campaignId === id : true;
    },
  });
}

export function useUpdateCampaign(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCampaignInput) =>
      api.call(routes.campaigns.update, { params: { id }, body: input }),
    onSuccess: async (campaign) => {
      notifySuccess(i18n.t('campaignDetail:toast.saved'));
      await storeCampaign(queryClient, campaign);
    },
    onError: (error) => notifyError(error, i18n.t('campaignDetail:errors.save')),
  });
}

/** Retry: runs a failed run again once the user has fixed what it said (decision 019). */
export function useRetryRun(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(routes.campaigns.retry, { params: { id } }),
    onSuccess: async (campaign) => {
      notifySuccess(i18n.t('campaignDetail:toast.retried'));
      await storeCampaign(queryClient, campaign);
    },
    onError: (error) => notifyError(error, i18n.t('campaignDetail:errors.retry')),
  });
}

// ── Leads ─────────────────────────────────────────────────────────────────────────────

/**
 * One page of the campaign's leads: the first without a cursor, else the one after the row the
 * cursor names (the nextCursor of the page before). Each page is a query of its own, so a live
 * refresh reads the page on screen only — an infinite query would read every page seen again.
 * `first` is the first page, which alone carries the total; on the first page it is `page`.
 */
export function useLeads(
  id: string,
  filter: LeadFilter,
  cursor: string | undefined,
  { live = false }: { live?: boolean } = {},
) {
  const api = useApi();
  const leadPage = (at: string | undefined) => ({
    queryKey: campaignDetailKeys.leadPage(id, filter, at),
    queryFn: ({ signal }: { signal: AbortSignal }) => {
      const query = {
        cursor: at,
        limit: LEADS_PAGE_SIZE,
        status: filter.status || undefined,
        search: filter.search || undefined,
      };
      return api.call(routes.campaigns.leads, { params: { id }, query, signal });
    },
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_REFRESH_MS : (false as const),
  });
  const page = useQuery(leadPage(cursor));
  const first = useQuery(leadPage(undefined));
  return { page, first };
}

/** POST /api/campaigns/:id/leads; a 409 (already a lead) is left to the form to show. */
export function useCreateLead(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateLeadInput) =>
      api.call(routes.campaigns.createLead, { params: { id }, body: input }),
    onSuccess: async (lead) => {
      notifySuccess(i18n.t('campaignDetail:toast.leadAdded', { name: lead.name }));
      await refreshLeads(queryClient, id);
    },
  });
}

export function useUpdateLeadStatus(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ leadId, status }: { leadId: string; status: LeadStatus }) =>
      api.call(routes.campaigns.updateLeadStatus, { params: { id, leadId }, body: { status } }),
    onSuccess: async (lead) => {
      // The row shows the new status at once; the figures follow with the refetch.
      queryClient.setQueriesData<LeadPage>({ queryKey: campaignDetailKeys.leads(id) }, (page) =>
        page ? { ...page, items: page.items.map((item) => (item.id === lead.id ? lead : item)) } : page,
      );
      notifySuccess(i18n.t('campaignDetail:toast.leadStatus', { name: lead.name }));
      await refreshLeads(queryClient, id);
    },
    onError: (error) => notifyError(error, i18n.t('campaignDetail:errors.leadStatus')),
  });
}

export function useDeleteLead(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lead: Pick<Lead, 'id' | 'name'>) =>
      api.call(routes.campaigns.deleteLead, { params: { id, leadId: lead.id } }),
    onSuccess: async (_result, lead) => {
      notifySuccess(i18n.t('campaignDetail:toast.leadDeleted', { name: lead.name }));
      await refreshLeads(queryClient, id);
    },
    onError: (error) => notifyError(error, i18n.t('campaignDetail:errors.leadDelete')),
  });
}

export interface CsvHeaders {
  headers: string[];
  suggestedMapping: Partial<Record<LeadCsvField, string>> | null;
}

/** The file's header line and the server's guess at which column is which field. */
export function useCsvHeaders(id: string) {
  const api = useApi();
  return useMutation({
    mutationFn: (csv: string) => api.call(routes.campaigns.leadCsvHeaders, { params: { id }, body: { csv } }),
    onError: (error) => notifyError(error, i18n.t('campaignDetail:errors.csvRead')),
  });
}

export function useImportLeads(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { csv: string; mapping: Partial<Record<LeadCsvField, string>> & { name: string } }) =>
      api.call(routes.campaigns.importLeads, { params: { id }, body: input }),
    onSuccess: () => refreshLeads(queryClient, id),
    onError: (error) => notifyError(error, i18n.t('campaignDetail:errors.import')),
  });
}

export function useBulkEmail(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkEmailInput) =>
      api.call(routes.campaigns.bulkEmail, { params: { id }, body: input }),
    onSuccess: () => refreshLeads(queryClient, id),
    onError: (error) => {
      // No mailbox to send from: the dialog says so, with the way to connect one.
      if (isApiError(error) && error.code === 'mailbox_required') return;
      notifyError(error, i18n.t('campaignDetail:errors.bulkEmail'));
    },
  });
}

/**
 * A GET whose answer is a file, with the session's bearer and one refresh-and-retry on 401 —
 * the API client only reads JSON, and the access token lives in memory, so a plain link would
 * go out without it.
 */
export async function fetchFile(
  session: SessionManager,
  path: string,
): Promise<{ blob: Blob; fileName: string | null }> {
  const send = (token: string | null) => {
    const headers: Record<string, string> = { Accept: 'text/csv' };
    if (token) headers.Authorization = `Bearer ${token}`;
    headers['Accept-Language'] = currentLanguage();
    return fetch(path, { method: 'GET', headers, credentials: 'include' });
  };
  let response: Response;
  try {
    const used = session.accessToken;
    response = await send(used);
    if (response.status === 401) {
      const next = await session.refresh();
      if (next) {
        await response.body?.cancel();
        response = await send(next.accessToken);
      }
    }
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw networkError(error);
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
}

/** The file name a Content-Disposition header gives, the UTF-8 form preferred. */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim() ?? null;
}

/** Hands a blob to the browser as a download under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** 'Call List': the campaign's leads with phone numbers as a CSV file. */
export function useCallListDownload(id: string) {
  const session = useSessionManager();
  return useMutation({
    /** `fallbackName` is used when the server names no file. */
    mutationFn: async (fallbackName: string) => {
      const { blob, fileName } = await fetchFile(session, pathOf(routes.campaigns.callList, { id }));
      saveBlob(blob, fileName ?? fallbackName);
    },
    onSuccess: () => notifySuccess(i18n.t('campaignDetail:toast.callList')),
    onError: (error) => notifyError(error, i18n.t('campaignDetail:errors.callList')),
  });
}

// ── Analytics ─────────────────────────────────────────────────────────────────────────

export function useCampaignAnalytics(id: string, { live = false }: { live?: boolean } = {}) {
  const api = useApi();
  return useQuery({
    queryKey: campaignDetailKeys.analytics(id),
    queryFn: ({ signal }) => api.call(routes.campaigns.analytics, { params: { id }, signal }),
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
}

// ── Sequence ──────────────────────────────────────────────────────────────────────────

/**
 * GET /api/campaigns/:id/sequence: per step of the sequence, the leads waiting, awaiting
 * approval, sent, skipped and replied; the leads that left it, those held, and today's sends.
 * Under the detail's key, so every change that refreshes the leads refreshes these too.
 */
export function useCampaignSequence(id: string, { live = false }: { live?: boolean } = {}) {
  const api = useApi();
  return useQuery({
    queryKey: campaignDetailKeys.sequence(id),
    queryFn: ({ signal }) => api.call(routes.campaigns.sequence, { params: { id }, signal }),
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
}

// ── Provider keys ─────────────────────────────────────────────────────────────────────

/**
 * The user's saved provider keys (GET /api/growth/credentials): the key section here, and the
 * wizard, which checks before launch which tools will call their provider for real.
 * `enabled: false` reads nothing (the wizard while closed).
 */
export function useGrowthCredentials({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({
    queryKey: campaignDetailKeys.credentials,
    queryFn: ({ signal }) => api.call(routes.growth.credentials, { signal }),
    enabled,
  });
}

/**
 * PUT /api/growth/credentials/:provider. The key goes out once and is never kept here: the
 * list is read again for its masked hint.
 */
export function useSaveGrowthCredential() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, apiKey }: { provider: GrowthProvider; apiKey: string }) =>
      api.call(routes.growth.saveCredential, { params: { provider }, body: { apiKey } }),
    // The success toast names the provider; the caller says it (it knows the name).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignDetailKeys.credentials }),
    onError: (error) => notifyError(error, i18n.t('campaignDetail:errors.keySave')),
  });
}

export function useDeleteGrowthCredential() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: GrowthProvider) =>
      api.call(routes.growth.deleteCredential, { params: { provider } }),
    onSuccess: async (_result, provider) => {
      queryClient.setQueryData<GrowthCredential[]>(campaignDetailKeys.credentials, (list) =>
        list?.filter((item) => item.provider !== provider),
      );
      await queryClient.invalidateQueries({ queryKey: campaignDetailKeys.credentials });
    },
    onError: (error) => notifyError(error, i18n.t('campaignDetail:errors.keyRemove')),
  });
}
