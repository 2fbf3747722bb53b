import { TASKS_VIEW_LIMIT, type Task } from '@doppel/contracts';
import { Plus } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/error-message';
import { useBulkTasks, useTaskCounts, useTaskPage } from '@/lib/task-api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import {
  boardFilterParams,
  parseBoardFilter,
  type BoardFilter,
  type StatusFilter,
} from '../utils/board-filter';
import { BoardFilters } from './board-filters';
import { BoardPagination } from './board-pagination';
import { BoardEmpty, BoardSkeleton } from './board-states';
import { BulkActions } from './bulk-actions';
import { BulkDeleteDialog } from './bulk-delete-dialog';
import { CreateTaskDialog } from './create-task-dialog';
import { DeleteTaskDialog } from './delete-task-dialog';
import { EditTaskDialog } from './edit-task-dialog';
import { StatusFilterTabs } from './status-filter';
import { TaskCard } from './task-card';

/**
 * The AI Tasks board (/tasks, desktop): status tabs with counts, type and priority filters, a
 * card grid of one page of 50 tasks, create, status moves, assignee and due date, delete, and
 * bulk Complete and Delete of the selected cards. The filters and page live in the address, so
 * a reload or a shared link shows the same view; the selection is of this page only.
 */
export function TasksBoardPage() {
  const { t } = useTranslation(['tasksBoard', 'tasks']);
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const filter = parseBoardFilter(params);
  const setFilter = (next: BoardFilter) => setParams(boardFilterParams(next), { replace: true });

  // By cursor after Next or Previous, so page 200 costs what page 1 does; by number only for an
  // address without one (an older link, or a page past the end).
  const tasks = useTaskPage({
    status: filter.status === 'all' ? undefined : filter.status,
    type: filter.type,
    priority: filter.priority,
    ...(filter.after
      ? { after: filter.after }
      : filter.before
        ? { before: filter.before }
        : { page: filter.page }),
    limit: TASKS_VIEW_LIMIT,
  });
  const counts = useTaskCounts();
  const bulk = useBulkTasks();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Task | null>(null);
  const [editing, setEditing] = useState<Task | null>(null);
  const [bulkDeleting, setBulkDeleting] = useState<string[] | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const panelRef = useRef<HTMLDivElement>(null);

  // A page past the end (the last tasks of it were deleted or completed away): show the last one.
  const fresh = tasks.data && !tasks.isPlaceholderData ? tasks.data : undefined;
  const lastPage = fresh ? Math.max(1, Math.ceil(fresh.total / fresh.limit)) : null;
  // Going back reached the newest tasks before page 1 (tasks were added meanwhile): it is page 1.
  const reachedTop = Boolean(fresh && filter.before && fresh.prevCursor === null);
  useEffect(() => {
    const current = parseBoardFilter(params);
    if (lastPage !== null && filter.page > lastPage) {
      setParams(boardFilterParams({ ...current, page: lastPage, after: undefined, before: undefined }), {
        replace: true,
      });
    } else if (reachedTop) {
      setParams(boardFilterParams({ ...current, page: 1 }), { replace: true });
    }
  }, [lastPage, reachedTop, filter.page, params, setParams]);

  // Only cards on screen count as selected: a task that left the page (deleted, filtered away,
  // another page) is never acted on unseen.
  const pageIds = useMemo(() => (fresh ? fresh.items.map((task) => task.id) : []), [fresh]);
  const selectedIds = pageIds.filter((id) => chosen.has(id));
  const select = (id: string, selected: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (selected) next.add(id);
      else next.delete(id);
      return next;
    });
  const changeFilter = (next: BoardFilter) => {
    setChosen(new Set());
    setFilter(next);
  };

  const focusPanel = () => panelRef.current?.focus();

  const afterCreate = () => {
    // A new task is pending and newest: make sure the view shows it.
    const status: StatusFilter =
      filter.status === 'all' || filter.status === 'pending' ? filter.status : 'all';
    changeFilter({ status, page: 1 });
  };

  const completeSelected = async () => {
    try {
      await bulk.mutateAsync({ ids: selectedIds, action: 'complete' });
    } catch {
      return; // The mutation already told the user; the selection stays for another try.
    }
    setChosen(new Set());
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
    content = (
      <BoardEmpty
        filtered={filter.status !== 'all' || filter.type !== undefined || filter.priority !== undefined}
        onCreate={() => setCreating(true)}
      />
    );
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
        <BulkActions
          onPage={pageIds.length}
          selected={selectedIds.length}
          onSelectAll={(selected) => setChosen(new Set(selected ? pageIds : []))}
          onComplete={() => void completeSelected()}
          onDelete={() => setBulkDeleting(selectedIds)}
          onClear={() => setChosen(new Set())}
          completing={bulk.isPending}
        />
        <ul
          aria-label={t('list.label')}
          className={cn(
            'grid gap-3 transition-opacity md:grid-cols-2 xl:grid-cols-3',
            tasks.isPlaceholderData && 'opacity-60',
          )}
        >
          {page.items.map((task) => (
            <TaskCard
              key={task.id}
              task={task}
              selected={chosen.has(task.id)}
              onSelectedChange={(selected) => select(task.id, selected)}
              onDelete={setDeleting}
              onEdit={setEditing}
              onMovedAway={focusPanel}
            />
          ))}
        </ul>
        <BoardPagination
          page={filter.page}
          limit={page.limit}
          total={page.total}
          onPageChange={(next) => {
            const { after: _after, before: _before, ...rest } = filter;
            if (next === 1) changeFilter({ ...rest, page: 1 });
            else if (next > filter.page && page.nextCursor)
              changeFilter({ ...rest, page: next, after: page.nextCursor });
            else if (next < filter.page && page.prevCursor)
              changeFilter({ ...rest, page: next, before: page.prevCursor });
            else changeFilter({ ...rest, page: next });
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
        onValueChange={(status) => changeFilter({ ...filter, status: status as StatusFilter, page: 1 })}
        className="grid gap-4"
      >
        <div className="flex flex-wrap items-end justify-between gap-3">
          <StatusFilterTabs counts={counts.data} />
          <BoardFilters
            type={filter.type}
            priority={filter.priority}
            counts={counts.data}
            onTypeChange={(type) => changeFilter({ ...filter, type, page: 1 })}
            onPriorityChange={(priority) => changeFilter({ ...filter, priority, page: 1 })}
          />
        </div>
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
      <BulkDeleteDialog
        ids={bulkDeleting}
        onClose={() => setBulkDeleting(null)}
        onDeleted={() => {
          setChosen(new Set());
          focusPanel();
        }}
      />
      <EditTaskDialog task={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
