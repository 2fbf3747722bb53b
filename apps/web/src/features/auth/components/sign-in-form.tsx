import type { MfaChallenge } from '@doppel/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-error';
import { notifyError } from '@/lib/notify';
import { useCheckedForm } from '@/components/form/use-checked-form';
import { useSignIn } from '../api/use-auth-mutations';
import { checkSignIn } from '../utils/auth-checks';
import { ResendVerificationNotice } from './resend-verification-notice';

// The code step checks its codes with the contracts' zod schemas: it loads once a password was
// right, so /auth's first download carries no zod (docs/decisions/053).
const loadMfaStep = () => import('./mfa-step');
const MfaStep = lazy(() => loadMfaStep().then((m) => ({ default: m.MfaStep })));

interface SignInFormProps {
  onSignedIn: () => void;
  onForgotPassword: (email: string) => void;
  defaultEmail?: string;
}

export function SignInForm({ onSignedIn, onForgotPassword, defaultEmail = '' }: SignInFormProps) {
  const { t } = useTranslation('auth');
  const signIn = useSignIn();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  /** Set when the password was right and the account asks for its second factor. */
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const { handleSubmit, isSubmitting, errorText, field, getValue, showServerErrors } = useCheckedForm({
    messages: 'auth',
    defaultValues: { email: defaultEmail, password: '' },
    check: checkSignIn,
  });

  const submit = handleSubmit(async (values) => {
    setUnverifiedEmail(null);
    // The code step's chunk downloads while the password is checked.
    void loadMfaStep();
    try {
      const answer = await signIn.mutateAsync(values);
      if ('mfaRequired' in answer) setChallenge(answer);
      else onSignedIn();
    } catch (error) {
      if (isApiError(error) && error.code === 'email_not_verified') setUnverifiedEmail(values.email);
      if (showServerErrors(error, ['email', 'password'])) return;
      notifyError(error, t('signInFailed'));
    }
  });

  const busy = isSubmitting || signIn.isPending;

  if (challenge) {
    return (
      <Suspense fallback={null}>
        <MfaStep challenge={challenge} onSignedIn={onSignedIn} onBack={() => setChallenge(null)} />
      </Suspense>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-4"
      aria-label={t('signIn.formLabel')}
    >
      <FormField label={t('fields.email')} error={errorText('email')}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder={t('fields.emailPlaceholder')}
            {...field('email')}
          />
        )}
      </FormField>
      <FormField label={t('fields.password')} error={errorText('password')}>
        {(control) => (
          <Input {...control} type="password" autoComplete="current-password" {...field('password')} />
        )}
      </FormField>
      <div className="-mt-1 flex justify-end">
        <Button variant="link" size="inline" onClick={() => onForgotPassword(getValue('email'))}>
          {t('forgot.link')}
        </Button>
      </div>
      {unverifiedEmail ? <ResendVerificationNotice email={unverifiedEmail} /> : null}
      <Button type="submit" loading={busy} className="w-full">
        {busy ? t('signIn.submitting') : t('signIn.submit')}
      </Button>
    </form>
  );
}
