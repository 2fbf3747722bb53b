import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { startLiveUpdates } from '@/lib/live-updates';
import { useSession, useSessionManager } from '@/lib/services';

/** Query keys whose data a task change can alter. */
const TASK_DEPENDENT_KEYS = [['tasks'], ['shell', 'summary']] as const;
/** The knowledge base's list, search and detail queries all start with 'documents'. */
const DOCUMENT_KEYS = [['documents']] as const;
/** Settings → Messengers: connected, health checked, synced, permissions changed, removed. */
const MESSENGER_KEYS = [['messengers']] as const;
/** Growth: a campaign's settings, status, run progress or leads (list, detail, leads, analytics). */
const CAMPAIGN_KEYS = [['campaigns']] as const;
/** Signals: a source polled, paused or changed (its state, items and the tasks it made). */
const SIGNAL_KEYS = [['signals'], ...TASK_DEPENDENT_KEYS] as const;

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
      onEvent: (event) =>
        refetch(
          event.type === 'document.changed'
            ? DOCUMENT_KEYS
            : event.type === 'messenger.changed'
              ? MESSENGER_KEYS
              : event.type === 'campaign.updated'
                ? CAMPAIGN_KEYS
                : event.type === 'signal.changed'
                  ? SIGNAL_KEYS
                  : TASK_DEPENDENT_KEYS,
        ),
      // Whatever changed while disconnected was missed.
      onConnected: () => refetch([...SIGNAL_KEYS, ...DOCUMENT_KEYS, ...MESSENGER_KEYS, ...CAMPAIGN_KEYS]),
    });
  }, [queryClient, manager, userId]);
}
