import type {
  AiModel,
  AiModelList,
  AiModelTestResult,
  CreateAiModelInput,
  UpdateAiModelInput,
} from '@doppel/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/services';
import { tokenUsageQueryKey } from './get-token-usage';

export const aiModelsQueryKey = ['ai-models'] as const;

export function getAiModels(api: ApiClient): Promise<AiModelList> {
  return api.get<AiModelList>('/api/ai/models');
}

export function aiModelsQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: aiModelsQueryKey, queryFn: () => getAiModels(api) });
}

export function useAiModels() {
  const api = useApi();
  return useQuery(aiModelsQueryOptions(api));
}

function modelPath(id: string): string {
  return `/api/ai/models/${encodeURIComponent(id)}`;
}

export function useCreateAiModel() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAiModelInput) => api.post<AiModel>('/api/ai/models', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiModelsQueryKey }),
  });
}

export function useUpdateAiModel() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateAiModelInput }) =>
      api.patch<AiModel>(modelPath(id), changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiModelsQueryKey }),
  });
}

export function useDeleteAiModel() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(modelPath(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiModelsQueryKey }),
  });
}

/** A real, minimal call to the model; the tokens it spends show up in the Tokens tab. */
export function useTestAiModel() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<AiModelTestResult>(`${modelPath(id)}/test`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenUsageQueryKey }),
  });
}
