import type { Task } from '@doppel/contracts';
import { Inbox } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/error-state';
import { EmptyState } from '@/components/list-states';
import { errorMessage } from '@/lib/error-message';
import { notifyError } from '@/lib/notify';
import { useWindowedList } from '@/lib/use-windowed-list';
import type { useTaskFeed } from '../api/use-task-feed';
import { TaskCard } from './task-card';

const PLACEHOLDER_CARDS = 5;
/** A card's usual height before it is measured, and the space between cards. */
const ESTIMATED_CARD_HEIGHT = 104;
const CARD_GAP = 8;

/** Loading placeholder of five cards, the shape of the real ones. */
function TaskListSkeleton() {
  return (
    <div className="grid gap-2" aria-hidden="true">
      {Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
        <div key={i} className="grid gap-2 rounded-lg border p-3" data-testid="task-card-skeleton">
          <div className="flex gap-2">
            <Skeleton className="h-4 w-14" />
            <Skeleton className="h-4 w-10" />
            <Skeleton className="h-4 w-24" />
          </div>
          <Skeleton className="h-4 w-4/5" />
          <Skeleton className="h-3 w-3/5" />
        </div>
      ))}
    </div>
  );
}

/**
 * The task list with its loading, empty and error states. A load failure also raises the
 * toast titled 'Ошибка загрузки', once per failure.
 */
export function TaskList({
  feed,
  selectedId,
  onSelect,
}: {
  feed: ReturnType<typeof useTaskFeed>;
  selectedId: string | null;
  onSelect: (task: Task) => void;
}) {
  const { t } = useTranslation(['assistant', 'tasks', 'common']);
  const {
    data,
    error,
    isPending,
    isError,
    refetch,
    isRefetching,
    fetchNextPage,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
  } = feed;
  const toastedError = useRef<unknown>(null);
  useEffect(() => {
    if (error && toastedError.current !== error) {
      toastedError.current = error;
      notifyError(error, t('tasks:errors.load'), { title: t('tasks:toast.loadErrorTitle') });
    }
  }, [error, t]);

  if (isPending) {
    return (
      <div role="status" aria-label={t('common:loading')}>
        <TaskListSkeleton />
      </div>
    );
  }
  if (isError) {
    return (
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">{t('list.errorTitle')}</h3>
        <ErrorState
          message={errorMessage(error, t('tasks:errors.load'))}
          onRetry={() => void refetch()}
          retrying={isRefetching}
        />
      </div>
    );
  }
  return (
    <WindowedTaskList
      tasks={data.pages.flatMap((page) => page.items)}
      total={data.pages[0]?.total ?? 0}
      selectedId={selectedId}
      onSelect={onSelect}
      hasNextPage={hasNextPage}
      isFetchingNextPage={isFetchingNextPage}
      // After a failed page, only Load more asks again: scrolling must not retry in a loop.
      loadsOnScroll={!isFetchNextPageError}
      fetchNextPage={() => void fetchNextPage()}
    />
  );
}

/**
 * The loaded tasks, windowed (lib/use-windowed-list.ts): only the cards near the window are in
 * the page, the next page loads as the end comes into view (Load more stays for an explicit
 * request), and the selected card is scrolled into reach when the selection moves from the
 * keyboard.
 */
function WindowedTaskList({
  tasks,
  total,
  selectedId,
  onSelect,
  hasNextPage,
  isFetchingNextPage,
  loadsOnScroll,
  fetchNextPage,
}: {
  tasks: Task[];
  total: number;
  selectedId: string | null;
  onSelect: (task: Task) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  loadsOnScroll: boolean;
  fetchNextPage: () => void;
}) {
  const { t } = useTranslation('assistant');
  const { items, listProps, rowProps } = useWindowedList({
    count: tasks.length,
    keyOf: (index) => tasks[index]!.id,
    estimatedRowHeight: ESTIMATED_CARD_HEIGHT,
    gap: CARD_GAP,
    total,
    hasNextPage,
    isFetchingNextPage,
    loadsOnScroll,
    fetchNextPage,
    revealIndex: selectedId ? tasks.findIndex((task) => task.id === selectedId) : -1,
  });

  // One callback for every card, so a memoized card re-renders only when its own props change.
  const latestOnSelect = useRef(onSelect);
  useLayoutEffect(() => {
    latestOnSelect.current = onSelect;
  });
  const select = useCallback((task: Task) => latestOnSelect.current(task), []);

  if (tasks.length === 0) {
    return <EmptyState size="section" icon={Inbox} title={t('list.empty')} hint={t('list.emptyHint')} />;
  }
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <ul {...listProps} aria-label={t('list.label')}>
        {items.map((item) => {
          const task = tasks[item.index]!;
          return (
            <li key={item.key} {...rowProps(item)}>
              <TaskCard task={task} selected={task.id === selectedId} onSelect={select} />
            </li>
          );
        })}
      </ul>
      {hasNextPage ? (
        <Button variant="outline" onClick={fetchNextPage} loading={isFetchingNextPage}>
          {t('list.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
