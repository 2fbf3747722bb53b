import type { Task, TaskStatus } from '@doppel/contracts';
import { Check, Play, RotateCcw, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useUpdateTask } from '@/lib/task-api';
import { cn } from '@/lib/utils';

type StatusAction = 'start' | 'complete' | 'reopen';

const ACTION_TARGET: Record<StatusAction, TaskStatus> = {
  start: 'in_progress',
  complete: 'completed',
  reopen: 'pending',
};
const ACTION_ICON: Record<StatusAction, LucideIcon> = { start: Play, complete: Check, reopen: RotateCcw };

/**
 * The moves offered from each status: every other status is one press away (any status may
 * become any other), the likeliest next step first.
 */
export const STATUS_ACTIONS: Record<TaskStatus, readonly StatusAction[]> = {
  pending: ['start', 'complete'],
  in_progress: ['complete', 'reopen'],
  completed: ['reopen', 'start'],
};

interface TaskStatusControlProps {
  task: Pick<Task, 'id' | 'status' | 'title'>;
  className?: string;
  /** After the status changed (the buttons pressed are gone): the caller gives focus a home. */
  onChanged?: (status: TaskStatus) => void;
}

/** Start, Complete and Reopen, as the task's status allows, each a PATCH of the status. */
export function TaskStatusControl({ task, className, onChanged }: TaskStatusControlProps) {
  const { t } = useTranslation('tasks');
  const update = useUpdateTask();
  // mutateAsync, not mutate's callbacks: those are dropped when the caller unmounts meanwhile.
  const move = async (status: TaskStatus) => {
    try {
      await update.mutateAsync({ id: task.id, status });
    } catch {
      return; // The mutation already told the user.
    }
    onChanged?.(status);
  };
  const pendingTarget = update.isPending ? update.variables?.status : undefined;
  return (
    <div role="group" aria-label={t('workflow.actions')} className={cn('flex flex-wrap gap-2', className)}>
      {STATUS_ACTIONS[task.status].map((action, index) => {
        const target = ACTION_TARGET[action];
        const Icon = ACTION_ICON[action];
        const loading = pendingTarget === target;
        return (
          <Button
            key={action}
            variant={index === 0 ? 'outline' : 'ghost'}
            size="sm"
            loading={loading}
            disabled={update.isPending && !loading}
            data-status-action={action}
            onClick={() => void move(target)}
          >
            {loading ? null : <Icon aria-hidden="true" />}
            {t(`workflow.${action}`)}
          </Button>
        );
      })}
    </div>
  );
}
