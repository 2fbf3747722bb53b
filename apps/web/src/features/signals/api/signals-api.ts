import {
  type CreateSignalSourceInput,
  type ImportJobChangesInput,
  type JobChangeInput,
  routes,
  type SignalSource,
  type SignalSourceList,
  type UpdateSignalSourceInput,
} from '@doppel/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useApi } from '@/lib/services';

/*
 * The Signals view's server state. Every key starts with 'signals', so one invalidation (an
 * action here, a live 'signal.changed' event) refreshes the sources, their items and the job
 * changes.
 */
export const signalsKeys = {
  all: ['signals'] as const,
  sources: () => ['signals', 'sources'] as const,
  items: (sourceId: string) => ['signals', 'items', sourceId] as const,
  jobChanges: () => ['signals', 'job-changes'] as const,
};

/**
 * While the view is open its figures (last fetched, items seen, tasks made) move as the worker
 * polls; they are asked for again this often.
 */
export const SIGNALS_REFETCH_MS = 30_000;
/** How many recent items a source's list shows. */
export const RECENT_ITEMS_LIMIT = 20;

export const signalSourcesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: signalsKeys.sources(),
    queryFn: ({ signal }) => api.call(routes.signals.sources, { signal }),
    refetchInterval: SIGNALS_REFETCH_MS,
  });

/** The user's sources, oldest first, and whether polling is on (off in demo mode). */
export function useSignalSources() {
  return useQuery(signalSourcesQuery(useApi()));
}

export const sourceItemsQuery = (api: ApiClient, sourceId: string) =>
  queryOptions({
    queryKey: signalsKeys.items(sourceId),
    queryFn: ({ signal }) =>
      api.call(routes.signals.sourceItems, {
        params: { id: sourceId },
        query: { limit: RECENT_ITEMS_LIMIT },
        signal,
      }),
    refetchInterval: SIGNALS_REFETCH_MS,
  });

/** A source's most recent items with the tasks they made; asked for while the list is open. */
export function useSourceItems(sourceId: string) {
  return useQuery(sourceItemsQuery(useApi(), sourceId));
}

export const jobChangesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: signalsKeys.jobChanges(),
    queryFn: ({ signal }) =>
      api.call(routes.signals.jobChanges, { query: { limit: RECENT_ITEMS_LIMIT }, signal }),
  });

/** The job changes recorded most recently (typed in or imported), with their tasks. */
export function useJobChanges() {
  return useQuery(jobChangesQuery(useApi()));
}

function refreshSignals(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: signalsKeys.all });
}

/** Keeps the list in step with a source the server just returned, before the refetch lands. */
function replaceSource(queryClient: QueryClient, source: SignalSource): void {
  queryClient.setQueryData<SignalSourceList>(signalsKeys.sources(), (list) =>
    list ? { ...list, items: list.items.map((item) => (item.id === source.id ? source : item)) } : list,
  );
}

/** Adds a news feed, a subreddit or the content plan; errors are the caller's to show. */
export function useCreateSource() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSignalSourceInput) => api.call(routes.signals.createSource, { body: input }),
    onSuccess: async (source) => {
      notifySuccess(i18n.t('signals:toast.added', { name: source.name }));
      await refreshSignals(queryClient);
    },
  });
}

/** Renames, changes keywords or cadence; errors are the caller's to show (beside the fields). */
export function useUpdateSource() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateSignalSourceInput }) =>
      api.call(routes.signals.updateSource, { params: { id }, body: changes }),
    onSuccess: async (source) => {
      replaceSource(queryClient, source);
      notifySuccess(i18n.t('signals:toast.saved', { name: source.name }));
      await refreshSignals(queryClient);
    },
  });
}

/** Pause (no polls until resumed) or resume. */
export function useSetSourceActive() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      api.call(routes.signals.updateSource, {
        params: { id },
        body: {
          isActive,
        } satisfies UpdateSignalSourceInput,
      }),
    onSuccess: async (source) => {
      replaceSource(queryClient, source);
      notifySuccess(
        i18n.t(source.isActive ? 'signals:toast.resumed' : 'signals:toast.paused', { name: source.name }),
      );
      await refreshSignals(queryClient);
    },
    onError: (error, { isActive }) =>
      notifyError(error, i18n.t(isActive ? 'signals:errors.resume' : 'signals:errors.pause')),
  });
}

export function useDeleteSource() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (source: SignalSource) =>
      api.call(routes.signals.deleteSource, { params: { id: source.id } }),
    onSuccess: async (_result, source) => {
      queryClient.setQueryData<SignalSourceList>(signalsKeys.sources(), (list) =>
        list ? { ...list, items: list.items.filter((item) => item.id !== source.id) } : list,
      );
      queryClient.removeQueries({ queryKey: signalsKeys.items(source.id) });
      notifySuccess(i18n.t('signals:toast.removed', { name: source.name }));
      await refreshSignals(queryClient);
    },
    onError: (error) => notifyError(error, i18n.t('signals:errors.remove')),
  });
}

/** "Poll now": the poll is queued (202) and runs as a job; its results arrive with the refetches. */
export function usePollSource() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (source: SignalSource) => api.call(routes.signals.pollSource, { params: { id: source.id } }),
    onSuccess: async (_result, source) => {
      notifySuccess(i18n.t('signals:toast.pollQueued', { name: source.name }));
      await refreshSignals(queryClient);
    },
    onError: (error) => notifyError(error, i18n.t('signals:errors.poll')),
  });
}

/** A job change typed in by hand; errors are the caller's to show (beside the fields). */
export function useRecordJobChange() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: JobChangeInput) => api.call(routes.signals.recordJobChange, { body: input }),
    onSuccess: () => refreshSignals(queryClient),
  });
}

/** A CSV of job changes; the report says what each row became. */
export function useImportJobChanges() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportJobChangesInput) => api.call(routes.signals.importJobChanges, { body: input }),
    onSuccess: () => refreshSignals(queryClient),
    onError: (error) => notifyError(error, i18n.t('signals:errors.import')),
  });
}
