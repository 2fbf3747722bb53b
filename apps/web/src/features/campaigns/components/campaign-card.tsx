import { campaignTitle, MAX_CARD_SOURCE_ICONS, type Campaign } from '@doppel/contracts';
import { Settings } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { formatCount, formatPercent } from '../utils/campaign-format';
import { CampaignStageBadge, CampaignStatusBadge, CampaignTypeBadge, SampleBadge } from './campaign-badges';
import { SourceIcon } from './source-icon';

/** Where a campaign's detail lives; `settings` opens its Settings dialog at once. */
export function campaignHref(id: string, { settings = false } = {}): string {
  return `/business/${encodeURIComponent(id)}${settings ? '?settings=1' : ''}`;
}

/**
 * One campaign in the list: type badge, the name before its colon, description, at
 * most three source icons, the stage from the progress, the status, and on desktop a settings
 * button. The title's link covers the card, so a click anywhere opens the detail.
 */
export function CampaignCard({ campaign, showSettings }: { campaign: Campaign; showSettings: boolean }) {
  const { t, i18n } = useTranslation('campaigns');
  const titleId = useId();
  const title = campaignTitle(campaign.name);
  const sources = campaign.stageConfigs.extraction.sources;
  const hidden = sources.length - MAX_CARD_SOURCE_ICONS;
  return (
    <article
      aria-labelledby={titleId}
      className="relative flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs transition-colors hover:border-ring/60 has-[h2_a:focus-visible]:outline-2 has-[h2_a:focus-visible]:outline-offset-2 has-[h2_a:focus-visible]:outline-ring hover:bg-subtle"
    >
      <div className="flex flex-wrap items-center gap-1.5 pr-10">
        <CampaignTypeBadge type={campaign.type} />
        {campaign.isSample ? <SampleBadge /> : null}
      </div>
      <div className="grid gap-1">
        <h2 id={titleId} className="text-base leading-snug font-semibold">
          <Link
            to={campaignHref(campaign.id)}
            className="rounded-sm after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none"
          >
            {title}
          </Link>
        </h2>
        {campaign.description ? (
          <p className="line-clamp-2 text-sm text-muted-foreground">{campaign.description}</p>
        ) : null}
      </div>
      {sources.length > 0 ? (
        <ul aria-label={t('card.sources')} className="flex flex-wrap items-center gap-1.5">
          {sources.slice(0, MAX_CARD_SOURCE_ICONS).map((source) => (
            <li key={source}>
              <SourceIcon source={source} />
            </li>
          ))}
          {hidden > 0 ? (
            <li className="text-xs text-muted-foreground tabular-nums">
              <span aria-hidden="true">+{formatCount(hidden, i18n.language)}</span>
              <span className="sr-only">
                {t('card.moreSources', { value: formatCount(hidden, i18n.language) })}
              </span>
            </li>
          ) : null}
        </ul>
      ) : null}
      <div className="mt-auto grid gap-2">
        <div
          role="progressbar"
          aria-label={t('card.progress', { percent: formatPercent(campaign.progress, i18n.language) })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={campaign.progress}
          className="h-1.5 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${campaign.progress}%` }} />
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <CampaignStageBadge progress={campaign.progress} />
          <CampaignStatusBadge status={campaign.status} />
        </div>
      </div>
      {showSettings ? (
        <Link
          to={campaignHref(campaign.id, { settings: true })}
          aria-label={t('card.settings', { name: title })}
          title={t('card.settings', { name: title })}
          className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'absolute top-2 right-2 z-10')}
        >
          <Settings aria-hidden="true" />
        </Link>
      ) : null}
    </article>
  );
}
