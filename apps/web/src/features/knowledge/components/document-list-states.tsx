import { BookOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ListSkeleton } from '@/components/list-states';
import { Skeleton } from '@/components/ui/skeleton';

/** Row-shaped placeholders at the rows' size, so nothing jumps when the documents arrive. */
export function DocumentListSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation('knowledge');
  return (
    <ListSkeleton label={t('list.loading')} count={rows} itemClassName="grid gap-3 rounded-lg border p-4">
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
    </ListSkeleton>
  );
}

/** Nothing (in this category) yet: one line and the primary action. */
export function DocumentListEmpty({ filtered, onAdd }: { filtered: boolean; onAdd: () => void }) {
  const { t } = useTranslation('knowledge');
  return (
    <EmptyState
      icon={BookOpen}
      title={filtered ? t('list.emptyCategory') : t('list.empty')}
      hint={t('list.emptyHint')}
      action={{ label: t('addMaterial'), onClick: onAdd }}
    />
  );
}
