import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useBulkTasks } from '@/lib/task-api';

interface BulkDeleteDialogProps {
  /** The selected tasks to confirm; null when the dialog is closed. */
  ids: string[] | null;
  onClose: () => void;
  /** After the tasks were deleted and the dialog closed: their cards are gone, focus needs a home. */
  onDeleted: () => void;
}

/** Asks before the selected tasks are deleted, saying how many; Cancel has the first focus. */
export function BulkDeleteDialog({ ids, onClose, onDeleted }: BulkDeleteDialogProps) {
  const { t } = useTranslation('tasksBoard');
  const bulk = useBulkTasks();
  // Keeps the count on screen while the dialog closes after `ids` went back to null.
  const [shown, setShown] = useState(ids);
  if (ids && ids !== shown) setShown(ids);
  const count = shown?.length ?? 0;
  const deleted = useRef(false);

  const confirm = async () => {
    if (!ids) return;
    try {
      await bulk.mutateAsync({ ids, action: 'delete' });
    } catch {
      return; // The mutation already told the user; the dialog stays for another try.
    }
    deleted.current = true;
    onClose();
  };

  return (
    <ConfirmDialog
      open={ids !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      pending={bulk.isPending}
      title={t('bulk.deleteTitle', { count })}
      description={t('bulk.deleteDescription', { count })}
      cancelLabel={t('bulk.cancel')}
      confirmLabel={t('bulk.confirm')}
      onConfirm={() => void confirm()}
      onCloseAutoFocus={(event) => {
        if (!deleted.current) return; // Radix returns focus to the bulk bar's Delete.
        event.preventDefault();
        deleted.current = false;
        onDeleted();
      }}
    />
  );
}
