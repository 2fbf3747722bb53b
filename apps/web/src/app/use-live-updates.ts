import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { allChangeQueryKeys, changeEventQueryKeys } from '@doppel/contracts';
import { startLiveUpdates } from '@/lib/live-updates';
import { useSession, useSessionManager } from '@/lib/services';

/** What an event of a type this build does not know (a newer server) refetches. */
const UNKNOWN_EVENT_KEYS = changeEventQueryKeys['task.updated'];

/**
 * While signed in, listens to the server's live updates and refetches what they touch, so a
 * task changed in another tab, on another device or by the twin shows up without a reload, and
 * a document's processing progress and a messenger's health appear as they happen.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const manager = useSessionManager();
  const { user } = useSession();
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    const refetch = (keys: ReadonlyArray<readonly string[]>) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    return startLiveUpdates({
      session: manager,
      // The same table tells the server which of its caches an event empties.
      onEvent: (event) => refetch(changeEventQueryKeys[event.type] ?? UNKNOWN_EVENT_KEYS),
      // Whatever changed while disconnected was missed.
      onConnected: () => refetch(allChangeQueryKeys),
      // So was whatever changed while the server's own database listener was down.
      onResync: () => refetch(allChangeQueryKeys),
    });
  }, [queryClient, manager, userId]);
}
