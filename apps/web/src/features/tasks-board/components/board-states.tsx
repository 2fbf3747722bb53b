import { ListTodo } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ListSkeleton } from '@/components/list-states';
import { Skeleton } from '@/components/ui/skeleton';

/** Card-shaped placeholders at the cards' size, so nothing jumps when the tasks arrive. */
export function BoardSkeleton({ cards = 6 }: { cards?: number }) {
  const { t } = useTranslation('tasksBoard');
  return (
    <ListSkeleton
      label={t('list.loading')}
      count={cards}
      className="grid gap-3 md:grid-cols-2 xl:grid-cols-3"
      itemClassName="flex min-h-44 flex-col gap-3 rounded-lg border p-4"
    >
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
    </ListSkeleton>
  );
}

/** No tasks (under this filter): the spec's text and the board's primary action. */
export function BoardEmpty({ filtered, onCreate }: { filtered: boolean; onCreate: () => void }) {
  const { t } = useTranslation('tasksBoard');
  return (
    <EmptyState
      icon={ListTodo}
      title={t('list.empty')}
      hint={filtered ? t('list.emptyFiltered') : undefined}
      action={{ label: t('create'), onClick: onCreate }}
    />
  );
}
