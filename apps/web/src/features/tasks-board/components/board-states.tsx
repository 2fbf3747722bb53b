import { ListTodo, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** Card-shaped placeholders at the cards' size, so nothing jumps when the tasks arrive. */
export function BoardSkeleton({ cards = 6 }: { cards?: number }) {
  const { t } = useTranslation('tasksBoard');
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{t('list.loading')}</span>
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: cards }, (_, index) => (
          <div key={index} className="flex min-h-44 flex-col gap-3 rounded-lg border p-4" aria-hidden="true">
            <div className="flex items-center gap-2">
              <Skeleton circle className="size-4" />
              <Skeleton className="h-5 w-16 rounded-full" />
              <Skeleton className="h-3 w-24" />
            </div>
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-5/6" />
            <div className="mt-auto flex items-center justify-between">
              <Skeleton className="h-3 w-28" />
              <Skeleton className="h-8 w-24" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** No tasks (under this filter): the spec's text and the board's primary action. */
export function BoardEmpty({ filtered, onCreate }: { filtered: boolean; onCreate: () => void }) {
  const { t } = useTranslation('tasksBoard');
  return (
    <div className="flex min-h-72 flex-col items-center justify-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
        <ListTodo className="size-6" aria-hidden="true" />
      </span>
      <div className="grid gap-1">
        <p className="font-medium">{t('list.empty')}</p>
        {filtered ? <p className="text-sm text-muted-foreground">{t('list.emptyFiltered')}</p> : null}
      </div>
      <Button onClick={onCreate}>
        <Plus aria-hidden="true" />
        {t('create')}
      </Button>
    </div>
  );
}
