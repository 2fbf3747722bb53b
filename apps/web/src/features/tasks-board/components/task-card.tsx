import type { Task } from '@doppel/contracts';
import { Check, Trash2, UserRound } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PriorityBadge } from '@/components/tasks/priority-badge';
import { formatTaskDayMonth } from '@/components/tasks/task-date';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { intlLocale } from '@/lib/i18n';
import { useUpdateTaskStatus } from '@/lib/task-api';
import { cn } from '@/lib/utils';
import { isOverdue } from '../utils/due-date';
import { TaskStatusIcon } from './task-status-icon';

interface TaskCardProps {
  task: Task;
  /** Delete was pressed: the board asks for confirmation. */
  onDelete: (task: Task) => void;
  /**
   * The task was completed and its card left the view (a filter hides completed tasks), so the
   * board can give keyboard focus a new home.
   */
  onCompletedAway: () => void;
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
 * One task on the board: priority, status icon, title, type, description, dates, and
 * a quick Complete on tasks that are not completed yet.
 */
export function TaskCard({ task, onDelete, onCompletedAway }: TaskCardProps) {
  const { t } = useTranslation(['tasksBoard', 'tasks']);
  const titleId = useId();
  const articleRef = useRef<HTMLElement>(null);
  const updateStatus = useUpdateTaskStatus();
  const completed = task.status === 'completed';
  const overdue = !completed && task.dueAt !== null && isOverdue(task.dueAt);

  // mutateAsync, not mutate's callbacks: those are dropped when the card unmounts meanwhile.
  const complete = async () => {
    try {
      await updateStatus.mutateAsync({ id: task.id, status: 'completed' });
    } catch {
      return; // The mutation already told the user.
    }
    // The Complete button is gone: focus stays on this card, or moves on if the card left too.
    if (articleRef.current?.isConnected) articleRef.current.focus();
    else onCompletedAway();
  };

  return (
    <li className="flex">
      <article
        ref={articleRef}
        tabIndex={-1}
        aria-labelledby={titleId}
        data-status={task.status}
        className="flex min-h-44 w-full flex-col gap-2 rounded-lg border bg-card p-4 text-card-foreground shadow-xs outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <div className="flex items-center gap-2">
          <TaskStatusIcon status={task.status} />
          <PriorityBadge priority={task.priority} />
          <span className="truncate text-xs text-muted-foreground">{t(`tasks:type.${task.type}`)}</span>
          <Button
            variant="ghost"
            size="icon"
            className="-my-1 -mr-2 ml-auto text-muted-foreground hover:text-destructive"
            aria-label={t('card.delete')}
            title={t('card.delete')}
            onClick={() => onDelete(task)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
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
          {task.contact ? (
            <span className="inline-flex min-w-0 items-center gap-1" title={t('card.contact')}>
              <UserRound aria-hidden="true" className="size-3 shrink-0" />
              <span className="sr-only">{t('card.contact')}: </span>
              <span className="truncate">{task.contact.name}</span>
            </span>
          ) : null}
          <div className="ml-auto flex min-h-8 items-center">
            {completed ? (
              task.completedAt ? (
                <TaskDate
                  iso={task.completedAt}
                  label={t('card.completedOn')}
                  className="text-success-soft-foreground"
                />
              ) : null
            ) : (
              <Button
                variant="outline"
                size="sm"
                loading={updateStatus.isPending}
                onClick={() => void complete()}
              >
                {updateStatus.isPending ? null : <Check aria-hidden="true" />}
                {t('card.complete')}
              </Button>
            )}
          </div>
        </div>
      </article>
    </li>
  );
}
