import { EyeOff, Gauge, KeySquare, ShieldAlert, ShieldCheck, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const NOTES: Array<{
  key: 'hashed' | 'shownOnce' | 'revoke' | 'leastPrivilege' | 'limits';
  icon: LucideIcon;
}> = [
  { key: 'hashed', icon: ShieldCheck },
  { key: 'shownOnce', icon: EyeOff },
  { key: 'revoke', icon: ShieldAlert },
  { key: 'leastPrivilege', icon: KeySquare },
  { key: 'limits', icon: Gauge },
];

/** How keys are kept and how to keep them safe. */
export function SecurityNotes() {
  const { t } = useTranslation('apiKeys');
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 rounded-lg border bg-card p-4 text-card-foreground"
    >
      <h2 id={headingId} className="font-semibold">
        {t('security.title')}
      </h2>
      <ul className="grid gap-2.5 text-sm">
        {NOTES.map(({ key, icon: Icon }) => (
          <li key={key} className="flex gap-2.5">
            <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{t(`security.${key}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
