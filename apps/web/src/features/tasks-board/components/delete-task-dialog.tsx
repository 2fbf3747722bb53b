import type { Task } from '@doppel/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteTask } from '@/lib/task-api';

interface DeleteTaskDialogProps {
  /** The task to confirm; null when the dialog is closed. */
  task: Pick<Task, 'id' | 'title'> | null;
  onClose: () => void;
  /** After the task was deleted and the dialog closed: its card is gone, focus needs a new home. */
  onDeleted: () => void;
}

/**
 * Asks before a task is deleted. Cancel has the first focus, so Enter never deletes by
 * accident; while the call runs the dialog stays open and Delete cannot be pressed twice. It lives
 * on the board, not in the card, so it outlives the card it deletes.
 */
export function DeleteTaskDialog({ task, onClose, onDeleted }: DeleteTaskDialogProps) {
  const { t } = useTranslation('tasksBoard');
  const remove = useDeleteTask();
  // Keeps the text on screen while the dialog closes after `task` went back to null.
  const [shown, setShown] = useState(task);
  if (task && task !== shown) setShown(task);
  const deleted = useRef(false);
  const opener = useRef<HTMLElement | null>(null);

  const confirm = async () => {
    if (!task) return;
    try {
      await remove.mutateAsync(task.id);
    } catch {
      return; // The mutation already told the user; the dialog stays for another try.
    }
    deleted.current = true;
    onClose();
  };

  return (
    <ConfirmDialog
      open={task !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      pending={remove.isPending}
      title={t('delete.title')}
      description={t('delete.description', { title: shown?.title ?? '' })}
      cancelLabel={t('delete.cancel')}
      confirmLabel={t('delete.confirm')}
      onConfirm={() => void confirm()}
      onOpenAutoFocus={() => {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      }}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        if (deleted.current) {
          deleted.current = false;
          onDeleted();
        } else if (opener.current?.isConnected) {
          opener.current.focus(); // Back to the card's delete button.
        }
      }}
    />
  );
}
