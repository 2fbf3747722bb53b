import type { Task } from '@doppel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TaskPlanForm } from '@/components/tasks/task-plan-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

interface EditTaskDialogProps {
  /** The task whose assignee and due date are edited; null when the dialog is closed. */
  task: Task | null;
  onClose: () => void;
}

/** The card's assignee and due date, in a small dialog; it closes once they are saved. */
export function EditTaskDialog({ task, onClose }: EditTaskDialogProps) {
  const { t } = useTranslation('tasksBoard');
  // Keeps the form on screen while the dialog closes after `task` went back to null.
  const [shown, setShown] = useState(task);
  if (task && task !== shown) setShown(task);
  return (
    <Dialog open={task !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t('edit.close')} className="md:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('edit.title')}</DialogTitle>
          <DialogDescription>{t('edit.description', { title: shown?.title ?? '' })}</DialogDescription>
        </DialogHeader>
        {shown ? <TaskPlanForm key={shown.id} task={shown} onSaved={onClose} className="p-5" /> : null}
      </DialogContent>
    </Dialog>
  );
}
