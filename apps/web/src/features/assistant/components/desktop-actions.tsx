import type { Task } from '@doppel/contracts';
import { Keyboard, MousePointerClick, Rss, SquareKanban } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Notice } from '@/components/ui/notice';
import { useSelectedTask, useTaskFeed } from '../api/use-task-feed';
import { useTaskListShortcuts } from '../utils/task-list-shortcuts';
import { TaskDetail } from './task-detail';
import { TaskList } from './task-list';
import { TASK_LIST_HEADING_ID, TaskListHeading } from './task-list-heading';

// Loaded when first asked for: its dialog code is not part of the Assistant's first download.
const ShortcutsHelpDialog = lazy(() =>
  import('./shortcuts-help-dialog').then((m) => ({ default: m.ShortcutsHelpDialog })),
);

function SelectedTask({ id, editRequest }: { id: string; editRequest?: number }) {
  const { t } = useTranslation('assistant');
  const titleId = useId();
  const { data: task, isPending, isError } = useSelectedTask(id);
  if (task) return <TaskDetail task={task} titleId={titleId} editRequest={editRequest} />;
  if (isPending) return <Skeleton className="h-64 w-full" />;
  return isError ? <Notice variant="neutral">{t('detail.notFound')}</Notice> : null;
}

/**
 * Desktop Assistant: the task list in the left third (half on a narrow window) and the
 * selected task beside it. The selection lives in the URL (?task=…) so a reload or a shared
 * link keeps it.
 *
 * Both tracks start at minmax(0, …) and both columns are min-w-0: a track with a content-sized
 * minimum let the list grow past its track and under the detail panel (issue 27). From 768 px
 * the sidebar leaves about 480 px, so the columns start equal and widen the detail panel as
 * the window grows.
 */
export default function DesktopActions() {
  const { t } = useTranslation(['assistant', 'shortcuts']);
  const feed = useTaskFeed();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('task');
  const listRef = useRef<HTMLElement>(null);
  const detailRef = useRef<HTMLDivElement>(null);
  // The E shortcut's request, for the task it was made on; cleared when the selection moves.
  const [editRequest, setEditRequest] = useState<{ taskId: string; seq: number } | null>(null);
  // null until the help is first opened.
  const [helpOpen, setHelpOpen] = useState<boolean | null>(null);

  const select = (task: Task) => {
    if (task.id === selectedId) return;
    setEditRequest(null);
    setParams({ task: task.id }, { replace: true });
  };
  const focusDetail = () =>
    requestAnimationFrame(() => {
      const detail = detailRef.current;
      (detail?.querySelector<HTMLElement>('[data-task-detail]') ?? detail)?.focus();
    });

  useTaskListShortcuts({
    tasks: feed.data?.pages.flatMap((page) => page.items) ?? [],
    selectedId,
    listRef,
    onMove: (task) => {
      select(task);
      listRef.current?.querySelector<HTMLElement>(`[data-task-id="${task.id}"]`)?.focus();
    },
    onOpen: (task) => {
      select(task);
      focusDetail();
    },
    onEdit: (task) =>
      setEditRequest((current) => ({
        taskId: task.id,
        seq: current?.taskId === task.id ? current.seq + 1 : 1,
      })),
    onHelp: () => setHelpOpen(true),
  });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-start gap-4 p-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-6 lg:p-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <section ref={listRef} aria-labelledby={TASK_LIST_HEADING_ID} className="flex min-w-0 flex-col gap-3">
        <TaskListHeading total={feed.data?.pages[0]?.total}>
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="outline"
              size="icon"
              className="md:size-8"
              aria-label={t('shortcuts:open')}
              title={t('shortcuts:open')}
              aria-haspopup="dialog"
              onClick={() => setHelpOpen(true)}
            >
              <Keyboard aria-hidden="true" />
            </Button>
            <Button variant="outline" size="sm" asChild>
              <Link to="/signals">
                <Rss aria-hidden="true" />
                {t('list.signals')}
              </Link>
            </Button>
            <Button variant="outline" size="sm" asChild>
              <Link to="/tasks">
                <SquareKanban aria-hidden="true" />
                {t('list.openBoard')}
              </Link>
            </Button>
          </div>
        </TaskListHeading>
        <div className="min-w-0">
          <TaskList feed={feed} selectedId={selectedId} onSelect={select} />
        </div>
      </section>
      <div
        ref={detailRef}
        tabIndex={-1}
        className="sticky top-4 max-h-[calc(100dvh-2rem)] min-w-0 overflow-y-auto rounded-lg pr-1 outline-none lg:top-6 lg:max-h-[calc(100dvh-3rem)]"
      >
        {selectedId ? (
          <SelectedTask
            id={selectedId}
            editRequest={editRequest?.taskId === selectedId ? editRequest.seq : undefined}
          />
        ) : (
          <div className="flex min-h-80 flex-col items-center justify-center gap-2 rounded-lg border border-dashed text-center">
            <MousePointerClick className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="text-sm font-medium">{t('detail.selectPrompt')}</p>
            <p className="max-w-xs text-xs text-muted-foreground">{t('detail.selectPromptHint')}</p>
          </div>
        )}
      </div>
      {helpOpen === null ? null : (
        <Suspense fallback={null}>
          <ShortcutsHelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
        </Suspense>
      )}
    </div>
  );
}
