import { campaignTypes, type CampaignList, type CampaignType } from '@doppel/contracts';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { formatCount } from '../utils/campaign-format';

export type CampaignTypeFilter = CampaignType | 'all';

const chipClasses =
  'inline-flex min-h-11 items-center rounded-full border px-3 text-sm font-medium whitespace-nowrap tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:min-h-8';

/**
 * The type chips: 'All Campaigns (n)' and one per type that has campaigns, each with
 * its count over all the user's campaigns. Toggle buttons; the chosen one is pressed.
 */
export function CampaignFilters({
  value,
  counts,
  onChange,
}: {
  value: CampaignTypeFilter;
  counts: CampaignList['counts'] | undefined;
  onChange: (value: CampaignTypeFilter) => void;
}) {
  const { t, i18n } = useTranslation('campaigns');
  // The chips' row keeps its height while the counts load, so the list below does not jump.
  if (!counts) return <div className="min-h-11 md:min-h-8" aria-hidden="true" />;
  const count = (value: number) => formatCount(value, i18n.language);
  const shown = campaignTypes.filter((type) => (counts.byType[type] ?? 0) > 0 || type === value);
  const chip = (filter: CampaignTypeFilter, label: string) => {
    const active = filter === value;
    return (
      <button
        key={filter}
        type="button"
        aria-pressed={active}
        onClick={() => onChange(filter)}
        className={cn(
          chipClasses,
          active
            ? 'border-transparent bg-primary text-primary-foreground'
            : 'bg-background text-muted-foreground hover:bg-muted hover:text-foreground',
        )}
      >
        {label}
      </button>
    );
  };
  return (
    <div role="group" aria-label={t('filters.label')} className="flex flex-wrap gap-2">
      {chip('all', t('filters.all', { value: count(counts.total) }))}
      {shown.map((type) =>
        chip(type, t(`filters.byType.${type}`, { value: count(counts.byType[type] ?? 0) })),
      )}
    </div>
  );
}
