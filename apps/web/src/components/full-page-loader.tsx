import { useTranslation } from 'react-i18next';
import { Spinner } from './ui/spinner';

/** Whole-screen wait, used while the session is restored so /auth never flashes. */
export function FullPageLoader({ reconnecting = false }: { reconnecting?: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="grid min-h-dvh place-items-center p-6">
      <div className="flex flex-col items-center gap-3 text-center">
        <Spinner large />
        <p className="text-sm text-muted-foreground">{reconnecting ? t('reconnecting') : t('loading')}</p>
      </div>
    </div>
  );
}
