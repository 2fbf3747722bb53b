import { routes } from '@doppel/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useApi, useSession, useSessionManager } from '@/lib/services';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useConfirmEmailChange } from '../api/use-auth-mutations';
import { useLinkToken } from '../hooks/use-link-token';
import { useRunOnce } from '../hooks/use-run-once';
import { AuthFrame } from './auth-frame';
import { LinkResult } from './link-result';

/** /auth/confirm-email?token=… — the link sent to a new address after a profile email change. */
export function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  const token = useLinkToken();
  const api = useApi();
  const sessionManager = useSessionManager();
  const { status } = useSession();
  const confirm = useConfirmEmailChange();
  useDocumentTitle(t('confirmEmail.title'));

  useRunOnce(() => {
    if (!token) return;
    confirm.mutate(token, {
      onSuccess: () => {
        // If this browser is signed in, show the new address everywhere at once.
        if (sessionManager.session) {
          api.call(routes.profile.get).then(
            (user) => sessionManager.updateUser(user),
            () => undefined,
          );
        }
      },
    });
  }, Boolean(token));

  const next =
    status === 'signedIn' ? (
      <Button asChild>
        <Link to="/actions">{t('links.goToApp')}</Link>
      </Button>
    ) : (
      <Button asChild>
        <Link to="/auth">{t('links.goToSignIn')}</Link>
      </Button>
    );

  return (
    <AuthFrame title={t('confirmEmail.title')}>
      {!token ? (
        <LinkResult state="error" message={t('links.incomplete')}>
          {next}
        </LinkResult>
      ) : confirm.isSuccess ? (
        <LinkResult state="success" message={t('confirmEmail.success')}>
          {next}
        </LinkResult>
      ) : confirm.isError ? (
        <LinkResult state="error" message={errorMessage(confirm.error, t('confirmEmail.failed'))}>
          {next}
        </LinkResult>
      ) : (
        <LinkResult state="pending" message={t('confirmEmail.pending')} />
      )}
    </AuthFrame>
  );
}
