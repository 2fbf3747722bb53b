import { AlertDialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { useFocusReturn } from '@/lib/focus-return';
import { Button, type ButtonProps } from './ui/button';

interface ConfirmDialogProps {
  open: boolean;
  /** Closing is refused while `pending`, so the action cannot be left half-done unseen. */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  confirmVariant?: ButtonProps['variant'];
  /** The confirmed action is running: Cancel is disabled and Confirm shows a spinner. */
  pending?: boolean;
  onConfirm: () => void;
  onOpenAutoFocus?: ComponentProps<typeof AlertDialog.Content>['onOpenAutoFocus'];
  onCloseAutoFocus?: ComponentProps<typeof AlertDialog.Content>['onCloseAutoFocus'];
}

/**
 * Asks before something cannot be undone. Cancel has
 * the first focus, so Enter never confirms by accident.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  cancelLabel,
  confirmLabel,
  confirmVariant = 'destructive',
  pending = false,
  onConfirm,
  onOpenAutoFocus,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  const focusReturn = useFocusReturn({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next || !pending) onOpenChange(next);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-xl outline-none"
          {...focusReturn}
        >
          <div className="grid gap-1.5">
            <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
            <AlertDialog.Description className="text-sm break-words text-muted-foreground">
              {description}
            </AlertDialog.Description>
          </div>
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={pending}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button variant={confirmVariant} loading={pending} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
