import type { Task } from '@doppel/contracts';
import { CalendarClock, Trash2, UserRound } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PriorityBadge } from '@/components/tasks/priority-badge';
import { formatTaskDayMonth } from '@/components/tasks/task-date';
import { TaskStatusControl } from '@/components/tasks/task-status-control';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { intlLocale } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { isOverdue } from '../utils/due-date';
import { TaskStatusIcon } from './task-status-icon';

interface TaskCardProps {
  task: Task;
  /** Chosen for the bulk actions. */
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  /** Delete was pressed: the board asks for confirmation. */
  onDelete: (task: Task) => void;
  /** The assignee and due date editor was asked for. */
  onEdit: (task: Task) => void;
  /**
   * The task's status changed and its card left the view (the status filter hides it now), so
   * the board can give keyboard focus a new home.
   */
  onMovedAway: () => void;
}

/** A date as ru-RU day and month, with the full date on hover and for machines. */
function TaskDate({ iso, label, className }: { iso: string; label: string; className?: string }) {
  const { i18n } = useTranslation();
  const full = new Intl.DateTimeFormat(intlLocale(i18n.resolvedLanguage), { dateStyle: 'long' }).format(
    new Date(iso),
  );
  return (
    <span className={cn('inline-flex items-center gap-1 whitespace-nowrap', className)}>
      {label}
      <time dateTime={iso} title={full} className="tabular-nums">
        {formatTaskDayMonth(iso)}
      </time>
    </span>
  );
}

/**
 * One task on the board: a checkbox for the bulk actions, priority, status icon, title, type,
 * description, dates, assignee, and the status moves (Start, Complete, Reopen).
 */
export function TaskCard({ task, selected, onSelectedChange, onDelete, onEdit, onMovedAway }: TaskCardProps) {
  const { t } = useTranslation(['tasksBoard', 'tasks']);
  const titleId = useId();
  const articleRef = useRef<HTMLElement>(null);
  const completed = task.status === 'completed';
  const overdue = !completed && task.dueAt !== null && isOverdue(task.dueAt);

  // The pressed button is gone: focus stays on this card, or moves on if the card left too.
  const afterStatusChange = () => {
    if (articleRef.current?.isConnected) articleRef.current.focus();
    else onMovedAway();
  };

  return (
    <li className="flex">
      <article
        ref={articleRef}
        tabIndex={-1}
        aria-labelledby={titleId}
        data-status={task.status}
        className={cn(
          'flex min-h-44 w-full flex-col gap-2 rounded-lg border bg-card p-4 text-card-foreground shadow-xs outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          selected && 'border-primary ring-1 ring-primary',
        )}
      >
        <div className="flex items-center gap-2">
          <Checkbox
            checked={selected}
            onCheckedChange={(checked) => onSelectedChange(checked === true)}
            aria-label={t('card.select', { title: task.title })}
          />
          <TaskStatusIcon status={task.status} />
          <PriorityBadge priority={task.priority} />
          <span className="truncate text-xs text-muted-foreground">{t(`tasks:type.${task.type}`)}</span>
          <div className="-my-1 -mr-2 ml-auto flex">
            <Button
              variant="ghost"
              size="icon"
              className="text-muted-foreground"
              aria-label={t('card.edit')}
              title={t('card.edit')}
              aria-haspopup="dialog"
              onClick={() => onEdit(task)}
            >
              <CalendarClock aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="text-muted-foreground hover:text-destructive"
              aria-label={t('card.delete')}
              title={t('card.delete')}
              onClick={() => onDelete(task)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        </div>
        <h2
          id={titleId}
          className={cn(
            'line-clamp-2 leading-snug font-medium break-words',
            completed && 'text-muted-foreground',
          )}
        >
          {task.title}
        </h2>
        {task.description ? (
          <p className="line-clamp-3 text-sm break-words text-muted-foreground">{task.description}</p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-xs text-muted-foreground">
          <TaskDate iso={task.createdAt} label={t('card.created')} />
          {task.dueAt ? (
            <TaskDate
              iso={task.dueAt}
              label={t('card.due')}
              className={overdue ? 'font-medium text-destructive' : undefined}
            />
          ) : null}
          {overdue ? <Badge variant="danger">{t('card.overdue')}</Badge> : null}
          {task.assignee ? (
            <span>{t('card.assignedTo', { name: t(`tasks:workflow.assignees.${task.assignee}`) })}</span>
          ) : null}
          {task.contact ? (
            <span className="inline-flex min-w-0 items-center gap-1" title={t('card.contact')}>
              <UserRound aria-hidden="true" className="size-3 shrink-0" />
              <span className="sr-only">{t('card.contact')}: </span>
              <span className="truncate">{task.contact.name}</span>
            </span>
          ) : null}
          {completed && task.completedAt ? (
            <TaskDate
              iso={task.completedAt}
              label={t('card.completedOn')}
              className="text-success-soft-foreground"
            />
          ) : null}
        </div>
        <TaskStatusControl task={task} onChanged={afterStatusChange} className="min-h-8" />
      </article>
    </li>
  );
}
