import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useVerifyEmail } from '../api/use-auth-mutations';
import { useLinkToken } from '../hooks/use-link-token';
import { useRunOnce } from '../hooks/use-run-once';
import { AuthFrame } from './auth-frame';
import { LinkResult } from './link-result';

/** /auth/verify?token=… — the link from the sign-up email. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const token = useLinkToken();
  const verify = useVerifyEmail();
  useRunOnce(() => token && verify.mutate(token), Boolean(token));
  useDocumentTitle(t('verify.title'));

  const signInLink = (
    <Button asChild>
      <Link to="/auth">{t('links.goToSignIn')}</Link>
    </Button>
  );

  return (
    <AuthFrame title={t('verify.title')}>
      {!token ? (
        <LinkResult state="error" message={t('links.incomplete')}>
          {signInLink}
        </LinkResult>
      ) : verify.isSuccess ? (
        <LinkResult state="success" message={t('verify.success')}>
          {signInLink}
        </LinkResult>
      ) : verify.isError ? (
        <LinkResult state="error" message={errorMessage(verify.error, t('verify.failed'))}>
          {signInLink}
        </LinkResult>
      ) : (
        <LinkResult state="pending" message={t('verify.pending')} />
      )}
    </AuthFrame>
  );
}
