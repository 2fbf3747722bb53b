import {
  type ConnectMessengerInput,
  type MessengerConnection,
  type MessengerList,
  type MessengerPermission,
  routes,
} from '@doppel/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApi } from '@/lib/services';
import { refreshTaskViews } from '@/lib/task-api';

/** One key for the list; the live-update hook invalidates it on 'messenger.changed'. */
export const messengerKeys = {
  all: ['messengers'] as const,
};

/** How often the list is read again while a mailbox is being read, to move its progress. */
const MAILBOX_PROGRESS_REFRESH_MS = 3000;

export function useMessengers() {
  const api = useApi();
  return useQuery({
    queryKey: messengerKeys.all,
    queryFn: ({ signal }) => api.call(routes.messengers.list, { signal }),
    // The change feed tells of a connection's own changes; a read's running count is kept
    // beside it (mailbox_sync), so while one runs the card asks for it.
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.mailbox?.state === 'syncing')
        ? MAILBOX_PROGRESS_REFRESH_MS
        : false,
  });
}

/**
 * Puts a connection the server returned into the list at once (a platform has one connection:
 * connecting again replaces it), then refetches in the background.
 */
function storeConnection(queryClient: QueryClient, connection: MessengerConnection): Promise<void> {
  queryClient.setQueryData<MessengerList>(messengerKeys.all, (list) =>
    list
      ? {
          items: [
            ...list.items.filter(
              (item) => item.id !== connection.id && item.platform !== connection.platform,
            ),
            connection,
          ],
        }
      : list,
  );
  return queryClient.invalidateQueries({ queryKey: messengerKeys.all });
}

/** Checks the credentials with the platform, registers the webhook where it can, and saves them. */
export function useConnectMessenger() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConnectMessengerInput) => api.call(routes.messengers.connect, { body: input }),
    onSuccess: (connection) => storeConnection(queryClient, connection),
  });
}

/** A real call to the platform; the health it finds is saved. */
export function useTestMessenger() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(routes.messengers.test, { params: { id } }),
    onSuccess: (result) => storeConnection(queryClient, result.connection),
  });
}

/** Pulls what arrived since the last sync (platforms without a webhook: Telegram locally, Slack). */
export function useSyncMessenger() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(routes.messengers.sync, { params: { id } }),
    onSuccess: async (result) => {
      await storeConnection(queryClient, result.connection);
      // New messages became tasks.
      if (result.received > 0) await refreshTaskViews(queryClient);
    },
  });
}

export function useUpdateMessengerPermissions() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, permissions }: { id: string; permissions: MessengerPermission[] }) =>
      api.call(routes.messengers.update, { params: { id }, body: { permissions } }),
    onSuccess: (connection) => storeConnection(queryClient, connection),
  });
}

/** Removes the webhook and wipes the credentials; the platform shows as not connected. */
export function useDisconnectMessenger() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(routes.messengers.disconnect, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<MessengerList>(messengerKeys.all, (list) =>
        list ? { items: list.items.filter((item) => item.id !== id) } : list,
      );
      return queryClient.invalidateQueries({ queryKey: messengerKeys.all });
    },
  });
}
