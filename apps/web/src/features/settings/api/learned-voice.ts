import { routes, type LearnedVoice } from '@doppel/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '@/lib/services';

/** One key; the live-update hook invalidates it on 'voice.changed' (contracts' change feed). */
export const learnedVoiceQueryKey = ['learned-voice'] as const;

/** What the twin learned from the user's edits, for the persona it writes as. */
export function useLearnedVoice() {
  const api = useApi();
  return useQuery({
    queryKey: learnedVoiceQueryKey,
    queryFn: ({ signal }) => api.call(routes.learnedVoice.get, { signal }),
  });
}

/** Forgets it; the answer is what is left (nothing), shown at once. */
export function useForgetLearnedVoice() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(routes.learnedVoice.forget),
    onSuccess: (voice: LearnedVoice) => queryClient.setQueryData(learnedVoiceQueryKey, voice),
  });
}
