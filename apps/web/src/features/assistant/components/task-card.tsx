import type { Task } from '@doppel/contracts';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PriorityBadge } from '@/components/tasks/priority-badge';
import { formatTaskDayMonth } from '@/components/tasks/task-date';
import { intlLocale, languageName } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { languageFlag } from '../utils/task-presentation';

/** One task in the list: priority, date, type, description, contact and flag. */
export function TaskCard({
  task,
  selected,
  onSelect,
}: {
  task: Task;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t, i18n } = useTranslation(['assistant', 'tasks']);
  const { language, flag } = languageFlag(task.contact?.language);
  const completed = task.status === 'completed';
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      className={cn(
        'grid w-full gap-1.5 rounded-lg border bg-card p-3 text-left transition-colors hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        selected && 'border-primary bg-primary-soft/60 ring-1 ring-primary hover:bg-primary-soft/60',
        completed && 'opacity-75',
      )}
    >
      <span className="flex items-center gap-2 text-xs text-muted-foreground">
        <PriorityBadge priority={task.priority} />
        <time dateTime={task.createdAt}>{formatTaskDayMonth(task.createdAt)}</time>
        <span className="truncate">{t(`tasks:type.${task.type}`)}</span>
        {completed ? (
          <span className="ml-auto inline-flex items-center gap-1 text-success-soft-foreground">
            <CircleCheck className="size-3.5" aria-hidden="true" />
            {t('tasks:status.completed')}
          </span>
        ) : null}
      </span>
      <span className="line-clamp-2 text-sm font-medium">{task.title}</span>
      {task.description ? (
        <span className="line-clamp-2 text-xs text-muted-foreground">{task.description}</span>
      ) : null}
      {task.contact ? (
        <span className="flex items-center gap-1.5 text-xs">
          <span
            role="img"
            aria-label={t('list.flag', { language: languageName(language, intlLocale(i18n.language)) })}
          >
            {flag}
          </span>
          <span className="truncate">{task.contact.name}</span>
        </span>
      ) : null}
    </button>
  );
}
