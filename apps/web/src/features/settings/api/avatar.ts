import { routes, type User } from '@doppel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useSessionManager } from '@/lib/services';
import { meQueryKey } from './get-me';

/** The changed user reaches the profile query and the session (so the sidebar's photo too). */
function useApplyUser() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return (user: User) => {
    queryClient.setQueryData(meQueryKey, user);
    session.updateUser(user);
  };
}

/** PUT /api/me/avatar with the chosen image; the server checks, crops and stores it. */
export function useUploadAvatar() {
  const api = useApi();
  const applyUser = useApplyUser();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.call(routes.profile.uploadAvatar, { body });
    },
    onSuccess: applyUser,
  });
}

/** DELETE /api/me/avatar: back to the initials. */
export function useRemoveAvatar() {
  const api = useApi();
  const applyUser = useApplyUser();
  return useMutation({
    mutationFn: () => api.call(routes.profile.removeAvatar),
    onSuccess: applyUser,
  });
}
