import { taskPriorities, type TaskPriority } from '@doppel/contracts';
import { Check } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useTaskCounts } from '@/lib/task-api';
import { cn } from '@/lib/utils';

/**
 * The mobile priority filter sheet: all, high, medium, low, each with its
 * count. Loaded when first opened, so the list paints without the dialog's code.
 */
export default function PriorityFilterSheet({
  value,
  onChange,
  onClose,
  returnFocusTo,
}: {
  value: TaskPriority | undefined;
  onChange: (priority: TaskPriority | undefined) => void;
  onClose: () => void;
  /** Where focus goes back when the sheet closes: the button that opened it. */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation(['assistant', 'tasks', 'common']);
  const counts = useTaskCounts();
  const options: Array<{ value: TaskPriority | undefined; label: string; count: number | undefined }> = [
    { value: undefined, label: t('mobile.all'), count: counts.data?.total },
    ...taskPriorities.map((priority) => ({
      value: priority,
      label: t(`tasks:priority.${priority}`),
      count: counts.data?.byPriority[priority],
    })),
  ];
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        closeLabel={t('common:actions.close')}
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
        className="inset-x-0 top-auto bottom-0 rounded-t-2xl pb-[env(safe-area-inset-bottom)]"
      >
        <DialogHeader>
          <DialogTitle>{t('mobile.filterTitle')}</DialogTitle>
        </DialogHeader>
        <div role="radiogroup" aria-label={t('mobile.filterTitle')} className="grid gap-1 p-3">
          {options.map((option) => {
            const checked = option.value === value;
            return (
              <button
                key={option.value ?? 'all'}
                type="button"
                role="radio"
                aria-checked={checked}
                onClick={() => {
                  onChange(option.value);
                  onClose();
                }}
                className={cn(
                  'flex min-h-11 items-center justify-between rounded-md px-3 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                  checked && 'bg-primary-soft font-medium text-primary-soft-foreground',
                )}
              >
                <span>{t('mobile.option', { label: option.label, count: option.count ?? '…' })}</span>
                {checked ? <Check className="size-4" aria-hidden="true" /> : null}
              </button>
            );
          })}
        </div>
      </DialogContent>
    </Dialog>
  );
}
