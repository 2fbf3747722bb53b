import { taskAssignees, type Task, type TaskAssignee } from '@doppel/contracts';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useUpdateTask } from '@/lib/task-api';
import { cn } from '@/lib/utils';
import { dueDayOf, dueDayToIso, isOverdue } from './due-day';

const NOBODY = '';

interface TaskPlanFormProps {
  task: Pick<Task, 'id' | 'assignee' | 'dueAt' | 'status'>;
  className?: string;
  /** After a successful save (the board's dialog closes then). */
  onSaved?: () => void;
}

/**
 * Who does a task (the user, the twin, nobody yet) and the day it is due, saved together with
 * one PATCH. The due day is a date field: typing a day piece by piece must not save half-dates,
 * so nothing is written until Save.
 */
export function TaskPlanForm({ task, className, onSaved }: TaskPlanFormProps) {
  const { t } = useTranslation('tasks');
  const assigneeId = useId();
  const dueId = useId();
  const errorId = useId();
  const update = useUpdateTask();
  const savedDay = task.dueAt ? dueDayOf(task.dueAt) : '';
  const [assignee, setAssignee] = useState<TaskAssignee | typeof NOBODY>(task.assignee ?? NOBODY);
  const [day, setDay] = useState(savedDay);
  const [invalid, setInvalid] = useState(false);
  // A change from elsewhere (a live update, the other view) shows here unless the user edits.
  const [shown, setShown] = useState({ assignee: task.assignee, day: savedDay });
  if (shown.assignee !== task.assignee || shown.day !== savedDay) {
    setShown({ assignee: task.assignee, day: savedDay });
    setAssignee(task.assignee ?? NOBODY);
    setDay(savedDay);
  }
  const dirty = (assignee || null) !== task.assignee || day !== savedDay;
  const overdue = task.status !== 'completed' && task.dueAt !== null && isOverdue(task.dueAt);

  const save = async (changes: { assignee: TaskAssignee | null; day: string }) => {
    const dueAt = changes.day ? dueDayToIso(changes.day) : null;
    if (changes.day && !dueAt) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    try {
      await update.mutateAsync({ id: task.id, assignee: changes.assignee, dueAt });
    } catch {
      return; // The mutation already told the user; the form keeps what they chose.
    }
    onSaved?.();
  };

  return (
    <form
      className={cn('grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end', className)}
      onSubmit={(event) => {
        event.preventDefault();
        void save({ assignee: assignee || null, day });
      }}
    >
      <div className="grid gap-1">
        <label htmlFor={assigneeId} className="text-xs font-medium text-muted-foreground">
          {t('workflow.assignee')}
        </label>
        <Select
          id={assigneeId}
          value={assignee}
          onChange={(event) => setAssignee(event.target.value as TaskAssignee | typeof NOBODY)}
        >
          {taskAssignees.map((value) => (
            <option key={value} value={value}>
              {t(`workflow.assignees.${value}`)}
            </option>
          ))}
          <option value={NOBODY}>{t('workflow.assignees.none')}</option>
        </Select>
      </div>
      <div className="grid gap-1">
        <span className="flex items-center gap-2">
          <label htmlFor={dueId} className="text-xs font-medium text-muted-foreground">
            {t('workflow.dueDate')}
          </label>
          {overdue ? <Badge variant="danger">{t('workflow.overdue')}</Badge> : null}
        </span>
        <div className="flex gap-1">
          <Input
            id={dueId}
            type="date"
            value={day}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            onChange={(event) => {
              setInvalid(false);
              setDay(event.target.value);
            }}
          />
          {day ? (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={t('workflow.clearDue')}
              title={t('workflow.clearDue')}
              onClick={() => setDay('')}
            >
              <X aria-hidden="true" />
            </Button>
          ) : null}
        </div>
        {invalid ? (
          <p id={errorId} className="text-xs text-destructive">
            {t('workflow.dueInvalid')}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="secondary" disabled={!dirty} loading={update.isPending}>
        {t('workflow.save')}
      </Button>
    </form>
  );
}
