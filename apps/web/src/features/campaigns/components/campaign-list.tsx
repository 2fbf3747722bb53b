import { Plus, SearchX, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { Button } from '@/components/ui/button';
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
    <div role="status" aria-live="polite">
      <span className="sr-only">{t('list.loading')}</span>
      <div className={GRID}>
        {Array.from({ length: cards }, (_, index) => (
          <div key={index} className="grid gap-3 rounded-xl border p-4" aria-hidden="true">
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
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * Spec §2: 'No campaigns found', then why — nothing matches the search (or the chosen type), or
 * there is nothing yet and the way to start.
 */
export function CampaignListEmpty({ filtered, onCreate }: { filtered: boolean; onCreate: () => void }) {
  const { t } = useTranslation('campaigns');
  const Icon = filtered ? SearchX : TrendingUp;
  return (
    <div className="flex min-h-72 flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <div className="grid gap-1">
        <p className="font-medium">{t('list.emptyTitle')}</p>
        <p className="text-sm text-muted-foreground">
          {filtered ? t('list.emptySearch') : t('list.emptyHint')}
        </p>
      </div>
      {filtered ? null : (
        <Button onClick={onCreate}>
          <Plus aria-hidden="true" />
          {t('createCampaign')}
        </Button>
      )}
    </div>
  );
}

interface CampaignListProps {
  campaigns: ReturnType<typeof useCampaigns>;
  /** A search or a type is applied (the empty state says so). */
  filtered: boolean;
  onCreate: () => void;
}

/** The campaigns as cards, with the loading, error and empty states (ARCHITECTURE §8). */
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
