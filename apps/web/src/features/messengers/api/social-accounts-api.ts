import {
  routes,
  type SocialAccount,
  type SocialAccountList,
  type SocialAppInput,
  type SocialCallbackInput,
  type SocialPlatform,
} from '@doppel/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApi } from '@/lib/services';

/** One key for the list; the live-update hook invalidates it on 'social.changed'. */
export const socialAccountKeys = {
  all: ['social-accounts'] as const,
};

export function useSocialAccounts() {
  const api = useApi();
  return useQuery({
    queryKey: socialAccountKeys.all,
    queryFn: ({ signal }) => api.call(routes.socialAccounts.list, { signal }),
  });
}

/** Puts an account the server returned into the list at once, then refetches. */
function storeAccount(queryClient: QueryClient, account: SocialAccount): Promise<void> {
  queryClient.setQueryData<SocialAccountList>(socialAccountKeys.all, (list) =>
    list ? { items: list.items.map((item) => (item.platform === account.platform ? account : item)) } : list,
  );
  return queryClient.invalidateQueries({ queryKey: socialAccountKeys.all });
}

/** Connect: the server's consent address, where the browser goes next. */
export function useStartSocialConnect() {
  const api = useApi();
  return useMutation({
    mutationFn: (platform: SocialPlatform) =>
      api.call(routes.socialAccounts.connect, { params: { platform } }),
    onSuccess: ({ authorizeUrl }) => {
      window.location.assign(authorizeUrl);
    },
  });
}

export function useFinishSocialConnect() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ platform, answer }: { platform: SocialPlatform; answer: SocialCallbackInput }) =>
      api.call(routes.socialAccounts.callback, { params: { platform }, body: answer }),
    onSuccess: (account) => storeAccount(queryClient, account),
  });
}

export function useSaveSocialApp() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ platform, app }: { platform: SocialPlatform; app: SocialAppInput }) =>
      api.call(routes.socialAccounts.saveApp, { params: { platform }, body: app }),
    onSuccess: (account) => storeAccount(queryClient, account),
  });
}

export function useRemoveSocialApp() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (platform: SocialPlatform) =>
      api.call(routes.socialAccounts.removeApp, { params: { platform } }),
    onSuccess: (account) => storeAccount(queryClient, account),
  });
}

export function useDisconnectSocialAccount() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (platform: SocialPlatform) =>
      api.call(routes.socialAccounts.disconnect, { params: { platform } }),
    onSuccess: (account) => storeAccount(queryClient, account),
  });
}
