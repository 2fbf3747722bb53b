import { routes } from '@doppel/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi } from '@/lib/services';

/*
 * The unsubscribe link of campaign mail. No session: the signed token in the link is the
 * authority, so the calls go without the bearer (the recipient is not a user).
 */

const PUBLIC = { auth: false } as const;

/** Whose mail to which address the link stops, and whether it has been stopped already. */
export function useUnsubscribeInfo(token: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: ({ signal }) =>
      api.call(routes.unsubscribe.show, { ...PUBLIC, query: { token: String(token) }, signal }),
    enabled: Boolean(token),
  });
}

export function useConfirmUnsubscribe(token: string | null) {
  const api = useApi();
  return useMutation({
    mutationFn: () => api.call(routes.unsubscribe.confirm, { ...PUBLIC, query: { token: String(token) } }),
  });
}
