import { Radar } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { EmptyState, ListSkeleton } from '@/components/list-states';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import type { useSignalSources } from '../api/signals-api';
import { SourceCard } from './source-card';

const GRID = 'grid gap-4 lg:grid-cols-2';

/** Card-shaped placeholders at the cards' size, so nothing jumps when the sources arrive. */
export function SourceListSkeleton({ cards = 4 }: { cards?: number }) {
  const { t } = useTranslation('signals');
  return (
    <ListSkeleton
      label={t('list.loading')}
      count={cards}
      className={GRID}
      itemClassName="grid gap-4 rounded-xl border p-4"
    >
      <div className="flex items-start gap-3">
        <Skeleton className="size-9 rounded-lg" />
        <div className="grid flex-1 gap-1.5">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-3 w-2/3" />
        </div>
      </div>
      <div className="flex gap-1.5">
        <Skeleton className="h-5 w-16 rounded-full" />
        <Skeleton className="h-5 w-20 rounded-full" />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {Array.from({ length: 4 }, (_, figure) => (
          <div key={figure} className="grid gap-1">
            <Skeleton className="h-3 w-16" />
            <Skeleton className="h-4 w-10" />
          </div>
        ))}
      </div>
      <div className="flex gap-2">
        <Skeleton className="h-11 w-28 md:h-8" />
        <Skeleton className="h-11 w-24 md:h-8" />
        <Skeleton className="h-11 w-20 md:h-8" />
      </div>
    </ListSkeleton>
  );
}

/** No sources yet: one line and the primary action. */
export function SourceListEmpty({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation('signals');
  return (
    <EmptyState icon={Radar} title={t('list.empty')} action={{ label: t('addSource'), onClick: onAdd }} />
  );
}

interface SourceListProps {
  sources: ReturnType<typeof useSignalSources>;
  pollingOffNoteId: string;
  onAdd: () => void;
  /** Focus goes here when a removed source's card leaves the list. */
  onRemoved: () => void;
}

/** The sources as cards, with the loading, error and empty states. */
export function SourceList({ sources, pollingOffNoteId, onAdd, onRemoved }: SourceListProps) {
  const { t } = useTranslation('signals');
  if (sources.isPending) return <SourceListSkeleton />;
  if (!sources.data)
    return (
      <ErrorState
        message={errorMessage(sources.error, t('errors.load'))}
        onRetry={() => void sources.refetch()}
        retrying={sources.isFetching}
      />
    );
  const { items, pollingEnabled } = sources.data;
  if (items.length === 0) return <SourceListEmpty onAdd={onAdd} />;
  return (
    <ul aria-label={t('list.label')} className={GRID}>
      {items.map((source) => (
        <li key={source.id} className="grid">
          <SourceCard
            source={source}
            pollingEnabled={pollingEnabled}
            pollingOffNoteId={pollingOffNoteId}
            onRemoved={onRemoved}
          />
        </li>
      ))}
    </ul>
  );
}
