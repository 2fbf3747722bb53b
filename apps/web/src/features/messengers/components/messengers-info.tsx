import { Activity, Bot, LockKeyhole, Zap, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const POINTS: Array<{ key: 'encrypted' | 'webhooks' | 'automation' | 'health'; icon: LucideIcon }> = [
  { key: 'encrypted', icon: LockKeyhole },
  { key: 'webhooks', icon: Zap },
  { key: 'automation', icon: Bot },
  { key: 'health', icon: Activity },
];

/** The info panel: what connecting a messenger gives and how it is kept safe. */
export function MessengersInfo() {
  const { t } = useTranslation('messengers');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border bg-subtle p-4">
      <h3 id={headingId} className="text-sm font-semibold">
        {t('info.title')}
      </h3>
      <ul className="grid gap-3 sm:grid-cols-2">
        {POINTS.map(({ key, icon: Icon }) => (
          <li key={key} className="flex gap-3">
            <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <div className="grid gap-0.5">
              <p className="text-sm font-medium">{t(`info.${key}.title`)}</p>
              <p className="text-xs text-muted-foreground">{t(`info.${key}.description`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
