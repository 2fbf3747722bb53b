import { CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button';
import { Notice } from './ui/notice';

/** A failed load: what went wrong and a retry. */
export function ErrorState({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Notice variant="destructive" role="alert" className="items-start">
      <CircleX aria-hidden="true" />
      <div className="grid flex-1 gap-2">
        <p>{message}</p>
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={onRetry}
          loading={retrying}
        >
          {t('actions.retry')}
        </Button>
      </div>
    </Notice>
  );
}
