import { Check, Trash2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';

interface BulkActionsProps {
  /** Tasks on this page, and how many of them are selected. */
  onPage: number;
  selected: number;
  onSelectAll: (selected: boolean) => void;
  onComplete: () => void;
  onDelete: () => void;
  onClear: () => void;
  completing: boolean;
}

/**
 * "Select all on this page", and once something is selected, how much and what to do with it:
 * Complete at once, Delete after a confirmation (the board's dialog).
 */
export function BulkActions({
  onPage,
  selected,
  onSelectAll,
  onComplete,
  onDelete,
  onClear,
  completing,
}: BulkActionsProps) {
  const { t } = useTranslation('tasksBoard');
  const all = onPage > 0 && selected === onPage;
  return (
    <div
      role="toolbar"
      aria-label={t('bulk.label')}
      className="flex min-h-11 flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border bg-card px-3 py-1.5"
    >
      <label className="flex items-center gap-2 text-sm">
        <Checkbox
          checked={all ? true : selected > 0 ? 'indeterminate' : false}
          disabled={onPage === 0}
          onCheckedChange={(checked) => onSelectAll(checked === true)}
        />
        {t('bulk.selectAll')}
      </label>
      {selected > 0 ? (
        <>
          <span className="text-sm font-medium tabular-nums" aria-live="polite">
            {t('bulk.selected', { count: selected })}
          </span>
          <div className="ml-auto flex flex-wrap gap-2">
            <Button variant="outline" size="sm" loading={completing} onClick={onComplete}>
              {completing ? null : <Check aria-hidden="true" />}
              {t('bulk.complete')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="text-destructive"
              onClick={onDelete}
              disabled={completing}
            >
              <Trash2 aria-hidden="true" />
              {t('bulk.delete')}
            </Button>
            <Button variant="ghost" size="sm" onClick={onClear} disabled={completing}>
              <X aria-hidden="true" />
              {t('bulk.clear')}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
