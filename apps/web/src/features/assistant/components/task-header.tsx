import type { Task } from '@doppel/contracts';
import { Hash, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PriorityBadge } from '@/components/tasks/priority-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { isSocialTask, taskSource } from '../utils/task-presentation';

/**
 * Header of the task detail: the contact's initial, or a social marker for
 * tasks from social signals; the contact's name; the Reply badge for replies; source; priority;
 * and, when the task has a contact, the way to the contact's page.
 */
export function TaskHeader({ task, titleId }: { task: Task; titleId?: string }) {
  const { t } = useTranslation(['assistant', 'tasks']);
  const name = task.contact?.name ?? t('detail.unknownContact');
  const source = taskSource(task);
  const sourceLabel = 'brand' in source ? source.brand : t(`detail.${source.generic}`);
  const social = isSocialTask(task) && !task.contact;
  return (
    <header className="flex flex-wrap items-center gap-3">
      <span
        aria-hidden="true"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-base font-semibold text-primary-soft-foreground"
      >
        {social ? <Hash className="size-5" /> : name.trim().charAt(0).toUpperCase() || '?'}
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <h2 id={titleId} className="truncate text-lg font-semibold">
          {name}
        </h2>
        <p className="truncate text-sm text-muted-foreground">{task.title}</p>
      </div>
      <div className="flex w-full flex-wrap items-center gap-1.5 sm:w-auto">
        {task.type === 'message_reply' ? <Badge variant="soft">{t('detail.reply')}</Badge> : null}
        <Badge variant="outline" title={t('detail.source', { source: sourceLabel })}>
          {sourceLabel}
        </Badge>
        <PriorityBadge priority={task.priority} />
        {task.contactId && task.contact ? (
          <Button variant="ghost" size="icon" asChild>
            <Link
              to={`/contacts/${task.contactId}`}
              aria-label={t('tasks:workflow.openContact', { name: task.contact.name })}
              title={t('tasks:workflow.openContact', { name: task.contact.name })}
            >
              <UserRound aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
      </div>
    </header>
  );
}
