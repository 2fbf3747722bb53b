import {
  type BulkTaskAction,
  type CreateTaskInput,
  type ListTasksQuery,
  routes,
  type Task,
  type TaskStatus,
  type UpdateTaskInput,
} from '@doppel/contracts';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { i18n } from './i18n';
import { notifyError, notifySuccess } from './notify';
import { useApi } from './services';

/*
 * Task data shared by the Assistant (/actions) and the AI Tasks board (/tasks): fetchers, query
 * keys and mutations with the product's toasts. Every key starts with 'tasks' so one
 * invalidation (a live update, a mutation) refreshes every view of the tasks.
 */

export type TaskFilter = Omit<ListTasksQuery, 'page' | 'limit'> & { page?: number; limit?: number };

export const taskKeys = {
  all: ['tasks'] as const,
  list: (filter: TaskFilter) => ['tasks', 'list', filter] as const,
  detail: (id: string) => ['tasks', 'detail', id] as const,
  counts: () => ['tasks', 'counts'] as const,
};

/** The navigation badge counts pending tasks, so it changes with every task change too. */
const NAV_SUMMARY_KEY = ['shell', 'summary'] as const;

export function taskPageQueryOptions(api: ApiClient, filter: TaskFilter) {
  return queryOptions({
    queryKey: taskKeys.list(filter),
    queryFn: ({ signal }) => api.call(routes.tasks.list, { query: filter, signal }),
  });
}

/** One page of tasks, newest first; the previous page stays on screen while the next loads. */
export function useTaskPage(filter: TaskFilter) {
  const api = useApi();
  return useQuery({ ...taskPageQueryOptions(api, filter), placeholderData: keepPreviousData });
}

/** How many tasks have each status and priority, for the filters' figures. */
export function useTaskCounts() {
  const api = useApi();
  return useQuery({
    queryKey: taskKeys.counts(),
    queryFn: ({ signal }) => api.call(routes.tasks.counts, { signal }),
  });
}

/** After any task change: the changed task is known at once, every list and count refetches. */
export function refreshTaskViews(queryClient: QueryClient, task?: Task): Promise<unknown> {
  if (task) queryClient.setQueryData(taskKeys.detail(task.id), task);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: taskKeys.all }),
    queryClient.invalidateQueries({ queryKey: NAV_SUMMARY_KEY }),
  ]);
}

export function useCreateTask() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTaskInput) => api.call(routes.tasks.create, { body: input }),
    onSuccess: async (task) => {
      notifySuccess(i18n.t('tasks:toast.created'));
      await refreshTaskViews(queryClient, task);
    },
    onError: (error) => notifyError(error, i18n.t('tasks:errors.create')),
  });
}

export function useUpdateTaskStatus() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: TaskStatus }) =>
      api.call(routes.tasks.updateStatus, { params: { id }, body: { status } }),
    onSuccess: async (task) => {
      notifySuccess(i18n.t('tasks:toast.statusChanged', { status: i18n.t(`tasks:status.${task.status}`) }));
      await refreshTaskViews(queryClient, task);
    },
    onError: (error) => notifyError(error, i18n.t('tasks:errors.status')),
  });
}

/**
 * PATCH /api/tasks/:id: status, assignee and due date. A status change says so in its toast, as
 * useUpdateTaskStatus does; any other change is "Task updated".
 */
export function useUpdateTask() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: UpdateTaskInput & { id: string }) =>
      api.call(routes.tasks.update, { params: { id }, body: changes }),
    onSuccess: async (task, changes) => {
      notifySuccess(
        changes.status
          ? i18n.t('tasks:toast.statusChanged', { status: i18n.t(`tasks:status.${task.status}`) })
          : i18n.t('tasks:toast.updated'),
      );
      await refreshTaskViews(queryClient, task);
    },
    onError: (error, changes) =>
      notifyError(error, changes.status ? i18n.t('tasks:errors.status') : i18n.t('tasks:errors.update')),
  });
}

/** The board's bulk Complete and Delete; the toast says how many tasks it changed. */
export function useBulkTasks() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, action }: { ids: string[]; action: BulkTaskAction }) =>
      api.call(routes.tasks.bulk, { body: { ids, action } }),
    onSuccess: async ({ changed }, { ids, action }) => {
      notifySuccess(
        action === 'complete'
          ? i18n.t('tasks:toast.bulkCompleted', { count: changed })
          : i18n.t('tasks:toast.bulkDeleted', { count: changed }),
      );
      if (action === 'delete')
        for (const id of ids) queryClient.removeQueries({ queryKey: taskKeys.detail(id) });
      await refreshTaskViews(queryClient);
    },
    onError: (error, { action }) =>
      notifyError(
        error,
        action === 'complete' ? i18n.t('tasks:errors.bulkComplete') : i18n.t('tasks:errors.delete'),
      ),
  });
}

export function useSaveTaskResponses() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, responses }: { id: string; responses: Record<string, string> }) =>
      api.call(routes.tasks.saveResponses, { params: { id }, body: { responses } }),
    onSuccess: async (task) => {
      notifySuccess(i18n.t('tasks:toast.responsesSaved'));
      await refreshTaskViews(queryClient, task);
    },
    onError: (error) => notifyError(error, i18n.t('tasks:errors.responses')),
  });
}

export function useDeleteTask() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(routes.tasks.delete, { params: { id } }),
    onSuccess: async (_result, id) => {
      notifySuccess(i18n.t('tasks:toast.deleted'));
      queryClient.removeQueries({ queryKey: taskKeys.detail(id) });
      await refreshTaskViews(queryClient);
    },
    onError: (error) => notifyError(error, i18n.t('tasks:errors.delete')),
  });
}
