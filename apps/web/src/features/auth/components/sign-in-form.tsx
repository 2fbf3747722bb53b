import { signInInputSchema, type MfaChallenge, type SignInInput } from '@doppel/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-error';
import { notifyError } from '@/lib/notify';
import { useZodForm } from '@/components/form/use-zod-form';
import { useSignIn } from '../api/use-auth-mutations';
import { MfaStep } from './mfa-step';
import { ResendVerificationNotice } from './resend-verification-notice';

type SignInValues = z.output<typeof signInInputSchema>;

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
  const { form, errorText, field, showServerErrors } = useZodForm<SignInInput, SignInValues>(
    signInInputSchema,
    {
      messages: 'auth',
      defaultValues: { email: defaultEmail, password: '' },
    },
  );

  const submit = form.handleSubmit(async (values) => {
    setUnverifiedEmail(null);
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

  const busy = form.formState.isSubmitting || signIn.isPending;

  if (challenge) {
    return <MfaStep challenge={challenge} onSignedIn={onSignedIn} onBack={() => setChallenge(null)} />;
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
        <Button variant="link" size="inline" onClick={() => onForgotPassword(form.getValues('email'))}>
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
