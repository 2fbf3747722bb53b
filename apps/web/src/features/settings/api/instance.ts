import { routes, type InstanceUsers, type SetUserQuotaInput } from '@doppel/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '@/lib/services';

/** The instance owner's Users list; every change answers with the whole list again. */
export const instanceUsersQueryKey = ['subscription', 'instance-users'] as const;

export function useInstanceUsers() {
  const api = useApi();
  return useQuery({ queryKey: instanceUsersQueryKey, queryFn: () => api.call(routes.instance.users) });
}

function useListChange<Input>(send: (input: Input) => Promise<InstanceUsers>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (list) => {
      queryClient.setQueryData(instanceUsersQueryKey, list);
      // The owner's own plan may follow a new default.
      void queryClient.invalidateQueries({ queryKey: ['subscription'], exact: true });
    },
  });
}

export function useSetUserQuota() {
  const api = useApi();
  return useListChange(({ userId, ...body }: SetUserQuotaInput & { userId: string }) =>
    api.call(routes.instance.setUserQuota, { params: { id: userId }, body }),
  );
}

export function useSetDefaultQuota() {
  const api = useApi();
  return useListChange((defaultTokenQuota: number) =>
    api.call(routes.instance.setDefaultQuota, { body: { defaultTokenQuota } }),
  );
}

export function useVerifyUser() {
  const api = useApi();
  return useListChange((userId: string) => api.call(routes.instance.verifyUser, { params: { id: userId } }));
}

export function useResetUserMfa() {
  const api = useApi();
  return useListChange((userId: string) =>
    api.call(routes.instance.resetUserMfa, { params: { id: userId } }),
  );
}
