import {
  type CreateMcpServerInput,
  type McpServer,
  type McpServerList,
  routes,
  type UpdateMcpServerInput,
} from '@doppel/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApi } from '@/lib/services';

export const mcpServerKeys = {
  all: ['mcp-servers'] as const,
};

export function useMcpServers() {
  const api = useApi();
  return useQuery({
    queryKey: mcpServerKeys.all,
    queryFn: ({ signal }) => api.call(routes.mcpServers.list, { signal }),
  });
}

/** Puts the server the API returned into the list at once, then refetches in the background. */
function storeServer(queryClient: QueryClient, server: McpServer): Promise<void> {
  queryClient.setQueryData<McpServerList>(mcpServerKeys.all, (list) => {
    if (!list) return list;
    const known = list.items.some((item) => item.id === server.id);
    return {
      items: known
        ? list.items.map((item) => (item.id === server.id ? server : item))
        : [...list.items, server],
    };
  });
  return queryClient.invalidateQueries({ queryKey: mcpServerKeys.all });
}

export function useCreateMcpServer() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMcpServerInput) => api.call(routes.mcpServers.create, { body: input }),
    onSuccess: (server) => storeServer(queryClient, server),
  });
}

export function useUpdateMcpServer() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateMcpServerInput }) =>
      api.call(routes.mcpServers.update, { params: { id }, body: changes }),
    onSuccess: (server) => storeServer(queryClient, server),
  });
}

/** Connects to the server and lists its tools; a server that fails is the answer, not an error. */
export function useTestMcpServer() {
  const api = useApi();
  return useMutation({
    mutationFn: (id: string) => api.call(routes.mcpServers.test, { params: { id } }),
  });
}

export function useDeleteMcpServer() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(routes.mcpServers.delete, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<McpServerList>(mcpServerKeys.all, (list) =>
        list ? { items: list.items.filter((item) => item.id !== id) } : list,
      );
      return queryClient.invalidateQueries({ queryKey: mcpServerKeys.all });
    },
  });
}
