import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { startCreateAccount } from '@/lib/notify';
import { useSession } from '@/lib/services';

/** Persistent, quiet reminder that a demo shows sample data, with the way out to a real account. */
export function DemoBanner() {
  const { t } = useTranslation('common');
  const { isDemo } = useSession();
  if (!isDemo) return null;
  return (
    <div
      role="note"
      aria-label={t('demo.label')}
      className="flex items-center justify-center gap-2 border-b bg-warning-soft px-4 py-1.5 text-xs text-warning-soft-foreground"
    >
      <FlaskConical className="size-3.5 shrink-0" aria-hidden="true" />
      <span>{t('demo.banner')}</span>
      <button
        type="button"
        onClick={startCreateAccount}
        className="-my-1 min-h-8 font-semibold underline underline-offset-4 hover:no-underline"
      >
        {t('demo.createAccount')}
      </button>
    </div>
  );
}
