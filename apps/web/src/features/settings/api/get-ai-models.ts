import {
  type AiModelList,
  type CreateAiModelInput,
  routes,
  type UpdateAiModelInput,
} from '@doppel/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/services';
import { tokenUsageQueryKey } from './get-token-usage';

export const aiModelsQueryKey = ['ai-models'] as const;

export function getAiModels(api: ApiClient): Promise<AiModelList> {
  return api.call(routes.ai.listModels);
}

export function aiModelsQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: aiModelsQueryKey, queryFn: () => getAiModels(api) });
}

export function useAiModels() {
  const api = useApi();
  return useQuery(aiModelsQueryOptions(api));
}

export function useCreateAiModel() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAiModelInput) => api.call(routes.ai.createModel, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiModelsQueryKey }),
  });
}

export function useUpdateAiModel() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateAiModelInput }) =>
      api.call(routes.ai.updateModel, { params: { id }, body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiModelsQueryKey }),
  });
}

export function useDeleteAiModel() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(routes.ai.deleteModel, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiModelsQueryKey }),
  });
}

/** A real, minimal call to the model; the tokens it spends show up in the Tokens tab. */
export function useTestAiModel() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(routes.ai.testModel, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenUsageQueryKey }),
  });
}
