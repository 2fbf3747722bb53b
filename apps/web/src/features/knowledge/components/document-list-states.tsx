import { BookOpen, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** Row-shaped placeholders at the rows' size, so nothing jumps when the documents arrive. */
export function DocumentListSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation('knowledge');
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{t('list.loading')}</span>
      <div className="grid gap-3">
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="grid gap-3 rounded-lg border p-4" aria-hidden="true">
            <div className="flex items-start gap-3">
              <Skeleton className="size-9 rounded-lg" />
              <div className="grid flex-1 gap-1.5">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-3 w-1/2" />
              </div>
              <Skeleton className="h-5 w-20 rounded-full" />
            </div>
            <div className="flex gap-1.5">
              <Skeleton className="h-5 w-16 rounded-full" />
              <Skeleton className="h-5 w-20 rounded-full" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** Nothing (in this category) yet: one line and the primary action. */
export function DocumentListEmpty({ filtered, onAdd }: { filtered: boolean; onAdd: () => void }) {
  const { t } = useTranslation('knowledge');
  return (
    <div className="flex min-h-72 flex-col items-center justify-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
        <BookOpen className="size-6" aria-hidden="true" />
      </span>
      <div className="grid gap-1">
        <p className="font-medium">{filtered ? t('list.emptyCategory') : t('list.empty')}</p>
        <p className="text-sm text-muted-foreground">{t('list.emptyHint')}</p>
      </div>
      <Button onClick={onAdd}>
        <Plus aria-hidden="true" />
        {t('addMaterial')}
      </Button>
    </div>
  );
}
