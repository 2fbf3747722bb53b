import type { TaskStatus } from '@doppel/contracts';
import { Circle, CircleCheck, CircleDot, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

const ICONS: Record<TaskStatus, { icon: LucideIcon; className: string }> = {
  pending: { icon: Circle, className: 'text-muted-foreground' },
  in_progress: { icon: CircleDot, className: 'text-info-soft-foreground' },
  completed: { icon: CircleCheck, className: 'text-success-soft-foreground' },
};

/** A task's status as an icon that names itself ("Status: Pending") to screen readers. */
export function TaskStatusIcon({ status, className }: { status: TaskStatus; className?: string }) {
  const { t } = useTranslation(['tasksBoard', 'tasks']);
  const { icon: Icon, className: tone } = ICONS[status];
  const label = t('tasksBoard:card.status', { status: t(`tasks:status.${status}`) });
  return (
    <span role="img" aria-label={label} title={label} data-status={status} className="inline-flex">
      <Icon aria-hidden="true" className={cn('size-4 shrink-0', tone, className)} />
    </span>
  );
}
