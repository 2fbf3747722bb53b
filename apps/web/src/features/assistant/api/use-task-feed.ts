import { routes, type Task, type TaskPage, type TaskPriority, TASKS_VIEW_LIMIT } from '@doppel/contracts';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/services';
import { taskKeys } from '@/lib/task-api';

export interface FeedFilter {
  priority?: TaskPriority;
}

/**
 * The Assistant's task list: pages of 50, newest first, fetched one page at a time by cursor
 * as the user asks for more, so 10,000 tasks never load at once.
 */
export function useTaskFeed(filter: FeedFilter = {}) {
  const api = useApi();
  return useInfiniteQuery(taskFeedQueryOptions(api, filter));
}

/**
 * The feed's query, shared by the list and the boot's prefetch (router.tsx), so the first page
 * asked for as soon as the session is known is the very one the list reads.
 */
export function taskFeedQueryOptions(api: ApiClient, filter: FeedFilter = {}) {
  return infiniteQueryOptions({
    queryKey: [...taskKeys.all, 'feed', filter] as const,
    // Each next page starts after the last task shown (a cursor), so page 200 costs what page 1 does.
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => {
      const query = { after: pageParam, limit: TASKS_VIEW_LIMIT, priority: filter.priority || undefined };
      return api.call(routes.tasks.list, { query, signal });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Tasks already in any loaded feed page, to show a selected task before its own fetch answers. */
function findInFeeds(queryClient: ReturnType<typeof useQueryClient>, id: string): Task | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<TaskPage>>({
    queryKey: [...taskKeys.all, 'feed'],
  })) {
    const found = data?.pages.flatMap((page) => page.items).find((task) => task.id === id);
    if (found) return found;
  }
  return undefined;
}

/** One task, fresh from the server, shown at once from the list while it loads. */
export function useSelectedTask(id: string | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  const fromList = id ? findInFeeds(queryClient, id) : undefined;
  return useQuery({
    queryKey: taskKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.call(routes.tasks.get, { params: { id: String(id) }, signal }),
    enabled: Boolean(id),
    placeholderData: fromList,
  });
}
