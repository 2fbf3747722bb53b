import { type ChatHistory, type ChatMessage, routes } from '@doppel/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/services';
import { agentKeys } from './agent-keys';

export function chatHistoryQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: agentKeys.messages(),
    queryFn: ({ signal }) => api.call(routes.agent.messages, { signal }),
  });
}

/** The kept conversation, oldest first. */
export function useChatHistory() {
  const api = useApi();
  return useQuery(chatHistoryQueryOptions(api));
}

/**
 * Adds a message to the cached conversation, once: a refetch that already
 * brought it must not show it twice. Without a loaded conversation the next fetch brings it.
 */
export function appendChatMessage(queryClient: QueryClient, message: ChatMessage): void {
  const key = agentKeys.messages();
  if (!queryClient.getQueryData<ChatHistory>(key)) {
    void queryClient.invalidateQueries({ queryKey: key });
    return;
  }
  queryClient.setQueryData<ChatHistory>(key, (history) =>
    !history || history.items.some((item) => item.id === message.id)
      ? history
      : { items: [...history.items, message] },
  );
}

/** After /clear: the server deleted the whole conversation. */
export function clearChatHistory(queryClient: QueryClient): void {
  queryClient.setQueryData<ChatHistory>(agentKeys.messages(), { items: [] });
}

/**
 * Takes back the question of an answer that failed: the server keeps a question only together
 * with its answer, so the conversation shows what the server has.
 */
export function removeChatMessage(queryClient: QueryClient, messageId: string): void {
  queryClient.setQueryData<ChatHistory>(agentKeys.messages(), (history) =>
    history ? { items: history.items.filter((item) => item.id !== messageId) } : history,
  );
}
