import { Contact } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ListSkeleton } from '@/components/list-states';
import { Skeleton } from '@/components/ui/skeleton';

/** Card-shaped placeholders at the cards' size, so nothing jumps when the personas arrive. */
export function PersonaListSkeleton({ cards = 6 }: { cards?: number }) {
  const { t } = useTranslation('personas');
  return (
    <ListSkeleton
      label={t('list.loading')}
      count={cards}
      className="grid gap-3 md:grid-cols-2 xl:grid-cols-3"
      itemTestId="persona-card-skeleton"
      itemClassName="flex min-h-56 flex-col gap-3 rounded-lg border p-4"
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
    </ListSkeleton>
  );
}

/** No personas yet: one line and the primary action. */
export function PersonaListEmpty({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation('personas');
  return (
    <EmptyState
      icon={Contact}
      title={t('list.empty')}
      hint={t('list.emptyHint')}
      action={{ label: t('create'), onClick: onCreate }}
    />
  );
}
