import { Plus, Contact } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** Card-shaped placeholders at the cards' size, so nothing jumps when the personas arrive. */
export function PersonaListSkeleton({ cards = 6 }: { cards?: number }) {
  const { t } = useTranslation('personas');
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{t('list.loading')}</span>
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: cards }, (_, index) => (
          <div
            key={index}
            data-testid="persona-card-skeleton"
            className="flex min-h-56 flex-col gap-3 rounded-lg border p-4"
            aria-hidden="true"
          >
            <div className="flex items-center gap-3">
              <Skeleton circle className="size-11" />
              <div className="grid flex-1 gap-1.5">
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-3 w-3/4" />
              </div>
            </div>
            <Skeleton className="h-5 w-20 rounded-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="h-3 w-full" />
            <div className="flex gap-1.5">
              <Skeleton className="h-5 w-16 rounded-full" />
              <Skeleton className="h-5 w-16 rounded-full" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** No personas yet: one line and the primary action. */
export function PersonaListEmpty({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation('personas');
  return (
    <div className="flex min-h-72 flex-col items-center justify-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
        <Contact className="size-6" aria-hidden="true" />
      </span>
      <div className="grid gap-1">
        <p className="font-medium">{t('list.empty')}</p>
        <p className="text-sm text-muted-foreground">{t('list.emptyHint')}</p>
      </div>
      <Button onClick={onCreate}>
        <Plus aria-hidden="true" />
        {t('create')}
      </Button>
    </div>
  );
}
