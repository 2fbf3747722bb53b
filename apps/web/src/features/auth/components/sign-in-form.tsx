import { signInInputSchema, type SignInInput } from '@doppel/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-error';
import { notifyError } from '@/lib/notify';
import { applyServerFieldErrors, useValidationMessage } from '@/lib/validation-message';
import { zodResolver } from '@/lib/zod-resolver';
import { useSignIn } from '../api/use-auth-mutations';
import { ResendVerificationNotice } from './resend-verification-notice';

type SignInValues = z.output<typeof signInInputSchema>;

interface SignInFormProps {
  onSignedIn: () => void;
  onForgotPassword: (email: string) => void;
  defaultEmail?: string;
}

export function SignInForm({ onSignedIn, onForgotPassword, defaultEmail = '' }: SignInFormProps) {
  const { t } = useTranslation('auth');
  const message = useValidationMessage();
  const signIn = useSignIn();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const form = useForm<SignInInput, unknown, SignInValues>({
    resolver: zodResolver(signInInputSchema),
    defaultValues: { email: defaultEmail, password: '' },
    // Errors appear on submit and disappear as soon as their field is edited (spec §5).
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setUnverifiedEmail(null);
    try {
      await signIn.mutateAsync(values);
      onSignedIn();
    } catch (error) {
      if (isApiError(error) && error.code === 'email_not_verified') setUnverifiedEmail(values.email);
      if (applyServerFieldErrors(error, form.setError, ['email', 'password'])) return;
      notifyError(error, t('signInFailed'));
    }
  });

  const busy = form.formState.isSubmitting || signIn.isPending;

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-4"
      aria-label={t('signIn.formLabel')}
    >
      <FormField label={t('fields.email')} error={message(errors.email?.message)}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder={t('fields.emailPlaceholder')}
            {...form.register('email', { onChange: () => form.clearErrors('email') })}
          />
        )}
      </FormField>
      <FormField label={t('fields.password')} error={message(errors.password?.message)}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            {...form.register('password', { onChange: () => form.clearErrors('password') })}
          />
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
