import type { Task } from '@doppel/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TaskPlanForm } from '@/components/tasks/task-plan-form';
import { TaskStatusControl } from '@/components/tasks/task-status-control';
import { Badge } from '@/components/ui/badge';

const STATUS_BADGE = { pending: 'outline', in_progress: 'info', completed: 'success' } as const;

/**
 * Where the task stands: its status with Start, Complete and Reopen (any status to any other),
 * who does it and by when, overdue marked.
 */
export function TaskWorkflow({ task }: { task: Task }) {
  const { t } = useTranslation(['tasks', 'tasksBoard']);
  const controls = useRef<HTMLDivElement>(null);
  return (
    <div className="grid gap-3 rounded-lg border p-3" data-testid="task-workflow">
      <div ref={controls} className="flex flex-wrap items-center gap-2">
        <Badge variant={STATUS_BADGE[task.status]} data-status={task.status}>
          {t('tasksBoard:card.status', { status: t(`tasks:status.${task.status}`) })}
        </Badge>
        <TaskStatusControl
          task={task}
          className="ml-auto"
          onChanged={() => {
            // The pressed button made way for the new status's: focus the first of them.
            requestAnimationFrame(() => controls.current?.querySelector<HTMLElement>('button')?.focus());
          }}
        />
      </div>
      <TaskPlanForm key={task.id} task={task} />
    </div>
  );
}
