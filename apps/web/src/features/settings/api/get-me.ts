import { routes, type UpdateProfileInput, type User } from '@doppel/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi, useSession, useSessionManager } from '@/lib/services';

export const meQueryKey = ['me'] as const;

export function getMe(api: ApiClient): Promise<User> {
  return api.call(routes.profile.get);
}

export function meQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: meQueryKey, queryFn: () => getMe(api) });
}

/** The profile from the server; shows the session's copy at once while the fresh one loads. */
export function useMe() {
  const api = useApi();
  const { user } = useSession();
  return useQuery({ ...meQueryOptions(api), placeholderData: user ?? undefined });
}

/** PATCH /api/me; the new user reaches the session (and so every tab and the sidebar). */
export function useUpdateProfile() {
  const api = useApi();
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => api.call(routes.profile.update, { body: input }),
    onSuccess: (user) => {
      queryClient.setQueryData(meQueryKey, user);
      session.updateUser(user);
    },
  });
}
