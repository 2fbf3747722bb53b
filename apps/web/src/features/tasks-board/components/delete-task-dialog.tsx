import type { Task } from '@doppel/contracts';
import { AlertDialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useDeleteTask } from '@/lib/task-api';

interface DeleteTaskDialogProps {
  /** The task to confirm; null when the dialog is closed. */
  task: Pick<Task, 'id' | 'title'> | null;
  onClose: () => void;
  /** After the task was deleted and the dialog closed: its card is gone, focus needs a new home. */
  onDeleted: () => void;
}

/**
 * Asks before a task is deleted (spec §5). Cancel has the first focus, so Enter never deletes by
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
      return; // The mutation already told the user (spec §8); the dialog stays for another try.
    }
    deleted.current = true;
    onClose();
  };

  return (
    <AlertDialog.Root
      open={task !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-xl outline-none"
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
        >
          <div className="grid gap-1.5">
            <AlertDialog.Title className="text-lg font-semibold">{t('delete.title')}</AlertDialog.Title>
            <AlertDialog.Description className="text-sm break-words text-muted-foreground">
              {t('delete.description', { title: shown?.title ?? '' })}
            </AlertDialog.Description>
          </div>
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={remove.isPending}>
                {t('delete.cancel')}
              </Button>
            </AlertDialog.Cancel>
            <Button variant="destructive" loading={remove.isPending} onClick={() => void confirm()}>
              {t('delete.confirm')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
