import type { Task } from '@doppel/contracts';
import { Inbox } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/error-state';
import { EmptyState } from '@/components/list-states';
import { errorMessage } from '@/lib/error-message';
import { notifyError } from '@/lib/notify';
import type { useTaskFeed } from '../api/use-task-feed';
import { TaskCard } from './task-card';

const PLACEHOLDER_CARDS = 5;

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
  const tasks = data.pages.flatMap((page) => page.items);
  if (tasks.length === 0) {
    return <EmptyState size="section" icon={Inbox} title={t('list.empty')} hint={t('list.emptyHint')} />;
  }
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-2" aria-label={t('list.label')}>
        {tasks.map((task) => (
          <li key={task.id}>
            <TaskCard task={task} selected={task.id === selectedId} onSelect={() => onSelect(task)} />
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <Button variant="outline" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
          {t('list.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
