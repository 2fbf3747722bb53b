import type { Task } from '@doppel/contracts';
import { CircleCheck } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { PriorityBadge } from '@/components/tasks/priority-badge';
import { formatTaskDayMonth } from '@/components/tasks/task-date';
import { LanguageBadge } from '@/components/language-badge';
import { cn } from '@/lib/utils';
import { contactLanguage } from '../utils/task-presentation';

/**
 * One task in the list: priority, date, type, description, contact and their language. A
 * completed task says so with its icon and label and a dashed border; its text keeps full
 * contrast (WCAG AA), it is never faded. Memoized: with thousands loaded, a selection or a new
 * page re-renders only the cards whose task or selection changed (`onSelect` must be stable).
 */
export const TaskCard = memo(function TaskCard({
  task,
  selected,
  onSelect,
}: {
  task: Task;
  selected: boolean;
  onSelect: (task: Task) => void;
}) {
  const { t } = useTranslation(['assistant', 'tasks']);
  const completed = task.status === 'completed';
  return (
    <button
      type="button"
      onClick={() => onSelect(task)}
      aria-current={selected ? 'true' : undefined}
      data-task-id={task.id}
      data-status={task.status}
      className={cn(
        'grid w-full min-w-0 grid-cols-[minmax(0,1fr)] gap-1.5 rounded-lg border bg-card p-3 text-left transition-colors hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        selected && 'border-primary bg-primary-soft/60 ring-1 ring-primary hover:bg-primary-soft/60',
        completed && 'border-dashed',
      )}
    >
      {/* Every row may shrink to the card's width (min-w-0) and wraps or truncates rather than
          pushing the card past its column (issue 27). */}
      <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <PriorityBadge priority={task.priority} />
        <time dateTime={task.createdAt} className="shrink-0">
          {formatTaskDayMonth(task.createdAt)}
        </time>
        <span className="min-w-0 truncate">{t(`tasks:type.${task.type}`)}</span>
        {completed ? (
          <span className="ml-auto inline-flex shrink-0 items-center gap-1 text-success-soft-foreground">
            <CircleCheck className="size-3.5" aria-hidden="true" />
            {t('tasks:status.completed')}
          </span>
        ) : null}
      </span>
      <span className="line-clamp-2 text-sm font-medium wrap-anywhere">{task.title}</span>
      {task.description ? (
        <span className="line-clamp-2 text-xs text-muted-foreground wrap-anywhere">{task.description}</span>
      ) : null}
      {task.contact ? (
        <span className="flex min-w-0 items-center gap-1.5 text-xs">
          <LanguageBadge code={contactLanguage(task.contact.language)} />
          <span className="min-w-0 truncate">{task.contact.name}</span>
        </span>
      ) : null}
    </button>
  );
});
