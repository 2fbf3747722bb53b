import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { startLiveUpdates } from '@/lib/live-updates';
import { useSession, useSessionManager } from '@/lib/services';

/** Query keys whose data a task change can alter. */
const TASK_DEPENDENT_KEYS = [['tasks'], ['shell', 'summary']] as const;

/**
 * While signed in, listens to the server's live updates and refetches what they touch, so a
 * task changed in another tab, on another device or by the twin shows up without a reload.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const manager = useSessionManager();
  const { user } = useSession();
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    const refetch = () => {
      for (const queryKey of TASK_DEPENDENT_KEYS) void queryClient.invalidateQueries({ queryKey });
    };
    return startLiveUpdates({ session: manager, onEvent: refetch, onConnected: refetch });
  }, [queryClient, manager, userId]);
}
