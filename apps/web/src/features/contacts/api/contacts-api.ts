import { CONTACT_BOOK_PAGE_SIZE, routes, type ContactDetail, type EditContactInput } from '@doppel/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { i18n } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useApi } from '@/lib/services';
import { refreshTaskViews } from '@/lib/task-api';

/*
 * The Contacts screen's server state. Every key starts with 'contacts': the change feed's
 * contact.changed (a contact edited, a message recorded) refetches them all (contracts
 * change-feed.ts), and so does every change made here.
 */
export const contactKeys = {
  all: ['contacts'] as const,
  book: (q: string) => ['contacts', 'book', q] as const,
  detail: (id: string) => ['contacts', 'detail', id] as const,
  timeline: (id: string) => ['contacts', 'timeline', id] as const,
  tasks: (id: string) => ['contacts', 'tasks', id] as const,
};

/** The user's contacts matching `q`, alphabetical, a page at a time (keyset cursor). */
export function useContactBook(q: string) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: contactKeys.book(q),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.call(routes.contacts.list, {
        query: { q: q || undefined, cursor: pageParam, limit: CONTACT_BOOK_PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useContact(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: contactKeys.detail(id),
    queryFn: ({ signal }) => api.call(routes.contacts.get, { params: { id }, signal }),
  });
}

/** The whole conversation, newest first as the server pages it; older pages load on request. */
export function useContactTimeline(id: string) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: contactKeys.timeline(id),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.call(routes.contacts.timeline, { params: { id }, query: { cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The contact's tasks, newest first (a contact has few; the first 50 are shown). */
export function useContactTasks(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: contactKeys.tasks(id),
    queryFn: ({ signal }) => api.call(routes.tasks.list, { query: { contactId: id, limit: 50 }, signal }),
  });
}

function refreshContacts(queryClient: QueryClient, contact?: ContactDetail): Promise<unknown> {
  if (contact) queryClient.setQueryData(contactKeys.detail(contact.id), contact);
  // Task cards show the contact's name and language, and a persona's counts include it.
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contactKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['personas'] }),
    refreshTaskViews(queryClient),
  ]);
}

export function useEditContact(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditContactInput) =>
      api.call(routes.contacts.update, { params: { id }, body: input }),
    onSuccess: async (contact) => {
      notifySuccess(i18n.t('contacts:toast.saved'));
      await refreshContacts(queryClient, contact);
    },
    onError: (error) => notifyError(error, i18n.t('contacts:errors.save')),
  });
}

export function useDeleteContact() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(routes.contacts.delete, { params: { id } }),
    onSuccess: async (_ok, id) => {
      notifySuccess(i18n.t('contacts:toast.deleted'));
      queryClient.removeQueries({ queryKey: contactKeys.detail(id) });
      await refreshContacts(queryClient);
    },
    onError: (error) => notifyError(error, i18n.t('contacts:errors.delete')),
  });
}

/** Merges the duplicate `fromId` into `intoContactId`; answers the contact that remains. */
export function useMergeContact() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fromId, intoContactId }: { fromId: string; intoContactId: string }) =>
      api.call(routes.contacts.merge, { params: { id: fromId }, body: { intoContactId } }),
    onSuccess: async (contact, { fromId }) => {
      notifySuccess(i18n.t('contacts:toast.merged', { name: contact.name }));
      queryClient.removeQueries({ queryKey: contactKeys.detail(fromId) });
      await refreshContacts(queryClient, contact);
    },
    onError: (error) => notifyError(error, i18n.t('contacts:errors.merge')),
  });
}

/** The personas a contact can be given (the Personas screen's own list, under its key). */
export function usePersonaChoices() {
  const api = useApi();
  return useQuery({
    queryKey: ['personas', 'list'] as const,
    queryFn: ({ signal }) => api.call(routes.personas.list, { signal }),
  });
}
