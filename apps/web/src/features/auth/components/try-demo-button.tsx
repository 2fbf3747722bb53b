import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { notifyError } from '@/lib/notify';
import { useStartDemo } from '../api/use-auth-mutations';

/** Opens a private sandbox with sample data; no registration. */
export function TryDemoButton({ onStarted }: { onStarted: () => void }) {
  const { t } = useTranslation('auth');
  const demo = useStartDemo();
  return (
    <Button
      variant="outline"
      className="w-full"
      loading={demo.isPending}
      onClick={() =>
        demo.mutate(undefined, {
          onSuccess: onStarted,
          onError: (error) => notifyError(error, t('demo.failed')),
        })
      }
    >
      {demo.isPending ? null : <FlaskConical aria-hidden="true" />}
      {demo.isPending ? t('demo.starting') : t('demo.button')}
    </Button>
  );
}
