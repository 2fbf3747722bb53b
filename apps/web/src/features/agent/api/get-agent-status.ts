import { routes } from '@doppel/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '@/lib/services';
import { agentKeys } from './agent-keys';

const MINUTE = 60_000;

/** Whether the twin answers, and with which engine; checked again every minute. */
export function useAgentStatus() {
  const api = useApi();
  return useQuery({
    queryKey: agentKeys.status(),
    queryFn: ({ signal }) => api.call(routes.agent.status, { signal }),
    staleTime: MINUTE,
    refetchInterval: MINUTE,
  });
}
