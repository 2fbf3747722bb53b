import type { OutreachChannel } from '@doppel/contracts';
import { useTranslation } from 'react-i18next';
import { CHANNEL_ICONS } from '../wizard/engagement-step';
import { useDetailLabels } from './use-detail-labels';

/** The spec's mobile detail shows four platforms: the campaign's first four outreach channels. */
export const MOBILE_PLATFORM_TILES = 4;

export function PlatformsSection({ platforms }: { platforms: readonly OutreachChannel[] }) {
  const { t } = useTranslation('campaignDetail');
  const labels = useDetailLabels();
  const shown = platforms.slice(0, MOBILE_PLATFORM_TILES);
  return (
    <section aria-labelledby="platforms-heading" className="grid gap-2">
      <h2 id="platforms-heading" className="text-base font-semibold">
        {t('platforms.title')}
      </h2>
      {shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('platforms.empty')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-2" aria-label={t('platforms.title')}>
          {shown.map((channel) => {
            const Icon = CHANNEL_ICONS[channel];
            return (
              <li
                key={channel}
                className="flex min-h-16 items-center gap-2 rounded-xl border bg-card p-3 text-sm font-medium"
              >
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                {labels.channel(channel)}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
