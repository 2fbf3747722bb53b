import { type ContactList, routes } from '@doppel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/services';

/** How many contacts the picker asks for at a time; a search narrows the rest. */
export const CONTACT_PICKER_LIMIT = 50;

export function getContacts(api: ApiClient, q: string, signal?: AbortSignal): Promise<ContactList> {
  return api.call(routes.contacts.list, {
    query: { limit: CONTACT_PICKER_LIMIT, q: q || undefined },
    signal,
  });
}

export function contactsQueryOptions(api: ApiClient, q: string) {
  return queryOptions({
    queryKey: ['contacts', 'list', { q, limit: CONTACT_PICKER_LIMIT }] as const,
    queryFn: ({ signal }) => getContacts(api, q, signal),
  });
}

/** The user's contacts whose name or company contains `q` (all of them when empty), alphabetical. */
export function useContacts(q: string, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({ ...contactsQueryOptions(api, q), enabled, placeholderData: keepPreviousData });
}
