import { SearchX, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { EmptyState, ListSkeleton } from '@/components/list-states';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { useIsDesktop } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import type { useCampaigns } from '../api/campaigns-api';
import { CampaignCard } from './campaign-card';

const GRID = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';

/** Card-shaped placeholders at the cards' size, so nothing jumps when the campaigns arrive. */
export function CampaignListSkeleton({ cards = 6 }: { cards?: number }) {
  const { t } = useTranslation('campaigns');
  return (
    <ListSkeleton
      label={t('list.loading')}
      count={cards}
      className={GRID}
      itemClassName="grid gap-3 rounded-xl border p-4"
    >
      <Skeleton className="h-5 w-20 rounded-full" />
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <div className="flex gap-1.5">
        <Skeleton className="size-7" />
        <Skeleton className="size-7" />
      </div>
      <Skeleton className="h-1.5 w-full rounded-full" />
      <div className="flex gap-1.5">
        <Skeleton className="h-5 w-24 rounded-full" />
        <Skeleton className="h-5 w-16 rounded-full" />
      </div>
    </ListSkeleton>
  );
}

/**
 * 'No campaigns found', then why — nothing matches the search (or the chosen type or status), or
 * there is nothing yet and the way to start.
 */
export function CampaignListEmpty({ filtered, onCreate }: { filtered: boolean; onCreate: () => void }) {
  const { t } = useTranslation('campaigns');
  return (
    <EmptyState
      icon={filtered ? SearchX : TrendingUp}
      title={t('list.emptyTitle')}
      hint={filtered ? t('list.emptySearch') : t('list.emptyHint')}
      action={filtered ? undefined : { label: t('createCampaign'), onClick: onCreate }}
    />
  );
}

interface CampaignListProps {
  campaigns: ReturnType<typeof useCampaigns>;
  /** A search, a type or a status is applied (the empty state says so). */
  filtered: boolean;
  onCreate: () => void;
}

/** The campaigns as cards, with the loading, error and empty states. */
export function CampaignList({ campaigns, filtered, onCreate }: CampaignListProps) {
  const { t } = useTranslation('campaigns');
  const isDesktop = useIsDesktop();
  if (campaigns.isPending) return <CampaignListSkeleton />;
  if (!campaigns.data) {
    return (
      <ErrorState
        message={errorMessage(campaigns.error, t('errors.load'))}
        onRetry={() => void campaigns.refetch()}
        retrying={campaigns.isFetching}
      />
    );
  }
  const { items } = campaigns.data;
  if (items.length === 0) return <CampaignListEmpty filtered={filtered} onCreate={onCreate} />;
  return (
    <ul
      aria-label={t('list.label')}
      className={cn(GRID, 'transition-opacity', campaigns.isPlaceholderData && 'opacity-60')}
    >
      {items.map((campaign) => (
        <li key={campaign.id} className="grid">
          <CampaignCard campaign={campaign} showSettings={isDesktop} />
        </li>
      ))}
    </ul>
  );
}
