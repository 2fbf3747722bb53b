import {
  type ApiKey,
  type ApiKeyList,
  type ApiKeyWhoAmI,
  type CreateApiKeyInput,
  pathOf,
  routes,
  type UpdateApiKeyInput,
} from '@doppel/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiErrorFromResponse, isApiError, networkError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n';
import { notifyError, notifyFailure, notifySuccess } from '@/lib/notify';
import { useApi } from '@/lib/services';

/** One key for the list: every change puts its answer in the list, then refetches it. */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
};

export function useApiKeys() {
  const api = useApi();
  return useQuery({
    queryKey: apiKeyKeys.all,
    queryFn: ({ signal }) => api.call(routes.apiKeys.list, { signal }),
  });
}

/** Writes one change into the cached list at once (no flash of the old state), then refetches. */
function storeKeys(queryClient: QueryClient, change: (items: ApiKey[]) => ApiKey[]): Promise<void> {
  queryClient.setQueryData<ApiKeyList>(apiKeyKeys.all, (list) =>
    list ? { items: change(list.items) } : list,
  );
  return queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
}

/**
 * POST /api/keys. The answer is the only one that carries the full key; the caller keeps it in
 * memory for this page view, and the cached list gets the key without it.
 */
export function useCreateApiKey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => api.call(routes.apiKeys.create, { body: input }),
    onSuccess: async (created) => {
      const { fullKey: _fullKey, ...key } = created;
      notifySuccess(i18n.t('apiKeys:toast.created'));
      await storeKeys(queryClient, (items) => [key, ...items.filter((item) => item.id !== key.id)]);
    },
    onError: (error) => notifyError(error, i18n.t('apiKeys:errors.create')),
  });
}

/** Revoke; a revoked key is refused by the public API. */
export function useRevokeApiKey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.call(routes.apiKeys.update, {
        params: { id },
        body: { isActive: false } satisfies UpdateApiKeyInput,
      }),
    onSuccess: async (updated) => {
      notifySuccess(i18n.t('apiKeys:toast.revoked'));
      await storeKeys(queryClient, (items) => items.map((item) => (item.id === updated.id ? updated : item)));
    },
    onError: (error) => notifyError(error, i18n.t('apiKeys:errors.update')),
  });
}

export function useDeleteApiKey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(routes.apiKeys.delete, { params: { id } }),
    onSuccess: async (_result, id) => {
      notifySuccess(i18n.t('apiKeys:toast.deleted'));
      await storeKeys(queryClient, (items) => items.filter((item) => item.id !== id));
    },
    onError: (error) => notifyError(error, i18n.t('apiKeys:errors.delete')),
  });
}

/**
 * Asks the public API who a key is (GET /api/v1/me) with the key alone: a plain fetch without
 * the session's cookies or bearer, exactly as another program would call it.
 */
export async function fetchKeyIdentity(fullKey: string): Promise<ApiKeyWhoAmI> {
  let response: Response;
  try {
    response = await fetch(pathOf(routes.v1.me), {
      headers: { authorization: `Bearer ${fullKey}`, accept: 'application/json' },
      credentials: 'omit',
    });
  } catch (cause) {
    throw networkError(cause);
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  return (await response.json()) as ApiKeyWhoAmI;
}

export interface TestApiKeyInput {
  /** The key the user means to test (its row on the screen). */
  key: ApiKey;
  fullKey: string;
}

/**
 * Test: a real request with the key. The toasts are the product's: an unknown, revoked or
 * expired key (401) is 'unavailable or invalid'; anything else failing is a failed test.
 * The list is refetched either way, since a call counts towards the key's usage.
 */
export function useTestApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fullKey }: TestApiKeyInput) => fetchKeyIdentity(fullKey),
    onSuccess: (identity, { key }) => {
      // A pasted key may be another one of the user's keys: it works, but it is not this one.
      if (identity.keyId === key.id)
        notifySuccess(i18n.t('apiKeys:toast.testPassed', { name: identity.name }));
      else notifyFailure(i18n.t('apiKeys:toast.otherKey', { name: identity.name }));
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) notifyFailure(i18n.t('apiKeys:errors.invalidKey'));
      // Over the key's own limit: say when it may be tried again.
      else if (isApiError(error) && error.code === 'rate_limited')
        notifyError(error, i18n.t('apiKeys:errors.test'));
      else notifyFailure(i18n.t('apiKeys:errors.test'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
