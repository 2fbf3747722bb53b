import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** While the form is saving the dialog stays: a running create finishes before it may go. */
  busy: boolean;
  title: string;
  description: string;
  closeLabel: string;
  className?: string;
  children: ReactNode;
}

/**
 * A create form in a dialog that is opened from more than one button and has no Radix trigger;
 * DialogContent gives focus back to whatever opened it.
 */
export function FormDialog({
  open,
  onOpenChange,
  busy,
  title,
  description,
  closeLabel,
  className,
  children,
}: FormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
    >
      <DialogContent closeLabel={closeLabel} className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
