import type { TaskPriority } from '@doppel/contracts';
import { ListFilter, Rss } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useTaskCounts } from '@/lib/task-api';
import { useTaskFeed } from '../api/use-task-feed';
import { priorityChoiceLabel } from './priority-filter-label';
import { TaskList } from './task-list';
import { TASK_LIST_HEADING_ID, TaskListHeading } from './task-list-heading';

// Dialogs load on first use: the list is what a phone must paint first.
const PriorityFilterSheet = lazy(() => import('./priority-filter-sheet'));
const TaskDialog = lazy(() => import('./task-dialog'));

/** Mobile Assistant: the list with a priority filter; a task opens full-screen. */
export default function MobileActions() {
  const { t } = useTranslation(['assistant', 'tasks']);
  const [priority, setPriority] = useState<TaskPriority | undefined>(undefined);
  const [filterOpen, setFilterOpen] = useState(false);
  const filterButton = useRef<HTMLButtonElement>(null);
  const feed = useTaskFeed({ priority });
  // The sheet's figures load with the list, so they are there when it opens.
  useTaskCounts();
  const [params, setParams] = useSearchParams();
  const openId = params.get('task');
  return (
    <section aria-labelledby={TASK_LIST_HEADING_ID} className="grid gap-3 p-4">
      <TaskListHeading total={feed.data?.pages[0]?.total}>
        <div className="flex items-center gap-2">
          {/* Icon only (44 px): the title, this and the filter share a phone's width. */}
          <Button variant="outline" size="icon" asChild>
            <Link to="/signals" aria-label={t('list.signals')}>
              <Rss aria-hidden="true" />
            </Link>
          </Button>
          <Button
            ref={filterButton}
            variant="outline"
            size="sm"
            aria-haspopup="dialog"
            aria-expanded={filterOpen}
            onClick={() => setFilterOpen(true)}
          >
            <ListFilter aria-hidden="true" />
            {t('mobile.filterButton', { value: priorityChoiceLabel(t, priority) })}
          </Button>
        </div>
      </TaskListHeading>
      <TaskList feed={feed} selectedId={openId} onSelect={(task) => setParams({ task: task.id })} />
      <Suspense fallback={null}>
        {filterOpen ? (
          <PriorityFilterSheet
            value={priority}
            onChange={setPriority}
            onClose={() => setFilterOpen(false)}
            returnFocusTo={filterButton}
          />
        ) : null}
        {openId ? <TaskDialog id={openId} onClose={() => setParams({})} /> : null}
      </Suspense>
    </section>
  );
}
