import { TASKS_VIEW_LIMIT, type Task } from '@doppel/contracts';
import { Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/error-message';
import { useTaskCounts, useTaskPage } from '@/lib/task-api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import {
  boardFilterParams,
  parseBoardFilter,
  type BoardFilter,
  type StatusFilter,
} from '../utils/board-filter';
import { BoardPagination } from './board-pagination';
import { BoardEmpty, BoardSkeleton } from './board-states';
import { CreateTaskDialog } from './create-task-dialog';
import { DeleteTaskDialog } from './delete-task-dialog';
import { StatusFilterTabs } from './status-filter';
import { TaskCard } from './task-card';

/**
 * The AI Tasks board (/tasks, desktop): status tabs with counts, a card grid of one page
 * of 50 tasks, create, quick complete and delete. The filter and page live in the
 * address, so a reload or a shared link shows the same view.
 */
export function TasksBoardPage() {
  const { t } = useTranslation(['tasksBoard', 'tasks']);
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const filter = parseBoardFilter(params);
  const setFilter = (next: BoardFilter) => setParams(boardFilterParams(next), { replace: true });

  const tasks = useTaskPage({
    status: filter.status === 'all' ? undefined : filter.status,
    page: filter.page,
    limit: TASKS_VIEW_LIMIT,
  });
  const counts = useTaskCounts();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Task | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // A page past the end (the last tasks of it were deleted or completed away): show the last one.
  const fresh = tasks.data && !tasks.isPlaceholderData ? tasks.data : undefined;
  const lastPage = fresh ? Math.max(1, Math.ceil(fresh.total / fresh.limit)) : null;
  useEffect(() => {
    if (lastPage !== null && filter.page > lastPage) {
      setParams(boardFilterParams({ status: filter.status, page: lastPage }), { replace: true });
    }
  }, [lastPage, filter.page, filter.status, setParams]);

  const focusPanel = () => panelRef.current?.focus();

  const afterCreate = () => {
    // A new task is pending and newest: make sure the view shows it.
    const status: StatusFilter =
      filter.status === 'all' || filter.status === 'pending' ? filter.status : 'all';
    setFilter({ status, page: 1 });
  };

  const retry = () => {
    void tasks.refetch();
    if (counts.isError) void counts.refetch();
  };

  let content;
  if (tasks.isPending) {
    content = <BoardSkeleton />;
  } else if (!tasks.data) {
    content = (
      <ErrorState
        message={errorMessage(tasks.error, t('tasks:errors.load'))}
        onRetry={retry}
        retrying={tasks.isFetching}
      />
    );
  } else if (tasks.data.items.length === 0 && tasks.data.total === 0) {
    content = <BoardEmpty filtered={filter.status !== 'all'} onCreate={() => setCreating(true)} />;
  } else {
    const page = tasks.data;
    content = (
      <div className="grid gap-3">
        {tasks.isError ? (
          <ErrorState
            message={errorMessage(tasks.error, t('tasks:errors.load'))}
            onRetry={retry}
            retrying={tasks.isFetching}
          />
        ) : null}
        <ul
          aria-label={t('list.label')}
          className={cn(
            'grid gap-3 transition-opacity md:grid-cols-2 xl:grid-cols-3',
            tasks.isPlaceholderData && 'opacity-60',
          )}
        >
          {page.items.map((task) => (
            <TaskCard key={task.id} task={task} onDelete={setDeleting} onCompletedAway={focusPanel} />
          ))}
        </ul>
        <BoardPagination
          page={page.page}
          limit={page.limit}
          total={page.total}
          onPageChange={(next) => {
            setFilter({ status: filter.status, page: next });
            panelRef.current?.scrollIntoView?.({ block: 'start' });
          }}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 p-6 lg:p-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          {t('create')}
        </Button>
      </header>
      <Tabs
        value={filter.status}
        onValueChange={(status) => setFilter({ status: status as StatusFilter, page: 1 })}
        className="grid gap-4"
      >
        <StatusFilterTabs counts={counts.data} />
        <TabsContent
          ref={panelRef}
          value={filter.status}
          aria-busy={tasks.isFetching}
          className="scroll-mt-6 rounded-lg"
        >
          {content}
        </TabsContent>
      </Tabs>
      <CreateTaskDialog open={creating} onOpenChange={setCreating} onCreated={afterCreate} />
      <DeleteTaskDialog task={deleting} onClose={() => setDeleting(null)} onDeleted={focusPanel} />
    </div>
  );
}
