import { PASSWORD_MIN_LENGTH } from '@doppel/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { notifyError } from '@/lib/notify';
import { useSessionManager } from '@/lib/services';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCheckedForm } from '@/components/form/use-checked-form';
import { useResetPassword } from '../api/use-auth-mutations';
import { useLinkToken } from '../hooks/use-link-token';
import { checkNewPassword } from '../utils/auth-checks';
import { useRunOnce } from '../hooks/use-run-once';
import { AuthFrame } from './auth-frame';
import { LinkResult } from './link-result';

/** /auth/reset?token=… — the link from the forgot-password email. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const token = useLinkToken();
  const sessionManager = useSessionManager();
  const reset = useResetPassword();
  const { handleSubmit, isSubmitting, errorText, field, showServerErrors } = useCheckedForm({
    messages: 'auth',
    defaultValues: { password: '' },
    check: checkNewPassword,
  });
  useDocumentTitle(t('reset.title'));
  useRunOnce(() => sessionManager.notifyPasswordRecovery(), Boolean(token));

  const submit = handleSubmit(async ({ password }) => {
    if (!token) return;
    try {
      await reset.mutateAsync({ token, password });
      // The server ended every session of this user; forget ours too (in every tab).
      if (sessionManager.session) await sessionManager.signOut();
    } catch (error) {
      if (showServerErrors(error, ['password'])) return;
      // A used or expired link is explained on the page itself, with a way to get a new one.
      if (isApiError(error) && error.code === 'invalid_token') return;
      notifyError(error, t('reset.failed'));
    }
  });

  const requestNewLink = (
    <Button asChild variant="outline">
      <Link to="/auth?mode=forgot">{t('reset.requestNewLink')}</Link>
    </Button>
  );

  let body;
  if (!token) {
    body = (
      <LinkResult state="error" message={t('links.incomplete')}>
        {requestNewLink}
      </LinkResult>
    );
  } else if (reset.isSuccess) {
    body = (
      <LinkResult state="success" message={t('reset.success')}>
        <Button asChild>
          <Link to="/auth">{t('links.goToSignIn')}</Link>
        </Button>
      </LinkResult>
    );
  } else {
    const busy = isSubmitting || reset.isPending;
    const tokenRejected = isApiError(reset.error) && reset.error.code === 'invalid_token';
    body = (
      <div className="grid gap-4">
        {tokenRejected ? (
          <LinkResult state="error" message={errorMessage(reset.error, t('reset.failed'))}>
            {requestNewLink}
          </LinkResult>
        ) : null}
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          className="grid gap-4"
          aria-label={t('reset.title')}
        >
          <FormField
            label={t('fields.newPassword')}
            error={errorText('password')}
            hint={t('passwordHint', { min: PASSWORD_MIN_LENGTH })}
          >
            {(control) => (
              <Input {...control} type="password" autoComplete="new-password" {...field('password')} />
            )}
          </FormField>
          <Button type="submit" loading={busy} className="w-full">
            {busy ? t('reset.submitting') : t('reset.submit')}
          </Button>
        </form>
      </div>
    );
  }

  return (
    <AuthFrame
      title={t('reset.title')}
      description={token && !reset.isSuccess ? t('reset.description') : undefined}
    >
      {body}
    </AuthFrame>
  );
}
