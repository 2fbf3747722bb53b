import { CircleCheck, CircleX, MailX } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { i18n, visitorLanguage } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useConfirmUnsubscribe, useUnsubscribeInfo } from '../api/unsubscribe-api';

/**
 * /unsubscribe?token=… — the link at the foot of a campaign email. Its visitor is the email's
 * recipient, not a user: no session, and the page speaks their browser's language. It asks
 * before stopping ("Stop emails from <sender> to <address>?"), then says it is done; a link
 * already used shows that at once. The token stays in the address: unlike a sign-in link it
 * may be opened again, and reloading the page must keep working.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('unsubscribe');
  const location = useLocation();
  const [token] = useState(() => new URLSearchParams(location.search).get('token'));
  const info = useUnsubscribeInfo(token);
  const confirm = useConfirmUnsubscribe(token);
  useDocumentTitle(t('title'));
  useEffect(() => {
    const language = visitorLanguage();
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, []);

  /** An invalid or expired token reads the same on the show and on the confirm. */
  const failure = (error: unknown) =>
    isApiError(error) && error.code === 'invalid_token' ? t('invalid') : errorMessage(error, t('loadFailed'));

  let content: ReactNode;
  if (!token) {
    content = <Outcome state="error" message={t('incomplete')} />;
  } else if (info.isError) {
    content = <Outcome state="error" message={failure(info.error)} />;
  } else if (!info.data) {
    content = (
      <div role="status" className="flex items-center gap-3 text-sm text-muted-foreground">
        <Spinner />
        {t('loading')}
      </div>
    );
  } else if (info.data.unsubscribed || confirm.isSuccess) {
    content = <Outcome state="done" message={t('done')} />;
  } else {
    content = (
      <div className="grid gap-4">
        <p className="text-base break-words">
          {t('question', { sender: info.data.sender, address: info.data.address })}
        </p>
        {confirm.isError ? <Outcome state="error" message={failure(confirm.error)} /> : null}
        <Button className="justify-self-start" loading={confirm.isPending} onClick={() => confirm.mutate()}>
          <MailX aria-hidden="true" />
          {t('confirm')}
        </Button>
      </div>
    );
  }

  return (
    <div className="flex min-h-dvh items-start justify-center bg-subtle px-4 pt-12 pb-12 md:items-center md:pt-0">
      <main id="main-content" className="w-full max-w-md rounded-2xl border bg-card p-5 shadow-sm md:p-8">
        <h1 className="mb-6 text-2xl font-semibold tracking-tight">{t('title')}</h1>
        {content}
      </main>
    </div>
  );
}

/** Done ("You will not get these emails again.") or why the link does not work. */
function Outcome({ state, message }: { state: 'done' | 'error'; message: string }) {
  return (
    <Notice
      variant={state === 'done' ? 'success' : 'destructive'}
      role={state === 'done' ? 'status' : 'alert'}
    >
      {state === 'done' ? <CircleCheck aria-hidden="true" /> : <CircleX aria-hidden="true" />}
      <p className="break-words">{message}</p>
    </Notice>
  );
}
