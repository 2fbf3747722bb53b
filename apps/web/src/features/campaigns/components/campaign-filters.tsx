import {
  campaignStatuses,
  campaignTypes,
  type CampaignList,
  type CampaignStatus,
  type CampaignType,
} from '@doppel/contracts';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { formatCount } from '../utils/campaign-format';

export type CampaignTypeFilter = CampaignType | 'all';
export type CampaignStatusFilter = CampaignStatus | 'all';

const chipClasses =
  'inline-flex min-h-11 items-center rounded-full border px-3 text-sm font-medium whitespace-nowrap tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:min-h-8';

/** The chips' row keeps its height while the counts load, so the list below does not jump. */
function ChipsPlaceholder() {
  return <div className="min-h-11 md:min-h-8" aria-hidden="true" />;
}

/** One chip: a toggle button; the chosen one is pressed. */
function Chip({ active, label, onClick }: { active: boolean; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
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
}

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
  if (!counts) return <ChipsPlaceholder />;
  const count = (value: number) => formatCount(value, i18n.language);
  const shown = campaignTypes.filter((type) => (counts.byType[type] ?? 0) > 0 || type === value);
  return (
    <div role="group" aria-label={t('filters.label')} className="flex flex-wrap gap-2">
      <Chip
        active={value === 'all'}
        label={t('filters.all', { value: count(counts.total) })}
        onClick={() => onChange('all')}
      />
      {shown.map((type) => (
        <Chip
          key={type}
          active={value === type}
          label={t(`filters.byType.${type}`, { value: count(counts.byType[type] ?? 0) })}
          onClick={() => onChange(type)}
        />
      ))}
    </div>
  );
}

/**
 * The status chips: All, Draft, Active, Paused, Completed and Cancelled, each with its count
 * over all the user's campaigns (every status is always offered, a zero included).
 */
export function CampaignStatusFilters({
  value,
  counts,
  onChange,
}: {
  value: CampaignStatusFilter;
  counts: CampaignList['counts'] | undefined;
  onChange: (value: CampaignStatusFilter) => void;
}) {
  const { t, i18n } = useTranslation('campaigns');
  if (!counts) return <ChipsPlaceholder />;
  const count = (value: number) => formatCount(value, i18n.language);
  return (
    <div role="group" aria-label={t('statusFilters.label')} className="flex flex-wrap gap-2">
      <Chip
        active={value === 'all'}
        label={t('statusFilters.all', { value: count(counts.total) })}
        onClick={() => onChange('all')}
      />
      {campaignStatuses.map((status) => (
        <Chip
          key={status}
          active={value === status}
          label={t(`statusFilters.byStatus.${status}`, { value: count(counts.byStatus?.[status] ?? 0) })}
          onClick={() => onChange(status)}
        />
      ))}
    </div>
  );
}
