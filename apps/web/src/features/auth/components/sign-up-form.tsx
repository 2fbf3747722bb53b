import { PASSWORD_MIN_LENGTH, signUpInputSchema, type SignUpInput } from '@doppel/contracts';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { notifyError } from '@/lib/notify';
import { applyServerFieldErrors, useValidationMessage } from '@/lib/validation-message';
import { zodResolver } from '@/lib/zod-resolver';
import { useResendVerification, useSignUp } from '../api/use-auth-mutations';

type SignUpValues = z.output<typeof signUpInputSchema>;

export function SignUpForm({ onGoToSignIn }: { onGoToSignIn: (email: string) => void }) {
  const { t } = useTranslation('auth');
  const message = useValidationMessage();
  const signUp = useSignUp();
  const resend = useResendVerification();
  const [createdEmail, setCreatedEmail] = useState<string | null>(null);
  const form = useForm<SignUpInput, unknown, SignUpValues>({
    resolver: zodResolver(signUpInputSchema),
    defaultValues: { fullName: '', email: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync(values);
      setCreatedEmail(values.email);
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, ['fullName', 'email', 'password'])) return;
      notifyError(error, t('signUpFailed'));
    }
  });

  if (createdEmail) {
    return (
      <div className="grid gap-4">
        <Notice variant="success" role="status">
          <CircleCheck aria-hidden="true" />
          <p>{t('signUp.success')}</p>
        </Notice>
        <div className="flex flex-wrap gap-2">
          <Button className="flex-1" onClick={() => onGoToSignIn(createdEmail)}>
            {t('signUp.goToSignIn')}
          </Button>
          <Button
            variant="outline"
            className="flex-1"
            loading={resend.isPending}
            disabled={resend.isSuccess}
            onClick={() =>
              resend.mutate(createdEmail, {
                onError: (error) => notifyError(error, t('verification.resendFailed')),
              })
            }
          >
            {resend.isSuccess ? t('verification.resentShort') : t('verification.resend')}
          </Button>
        </div>
      </div>
    );
  }

  const busy = form.formState.isSubmitting || signUp.isPending;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-4"
      aria-label={t('signUp.formLabel')}
    >
      <FormField label={t('fields.fullName')} error={message(errors.fullName?.message)}>
        {(control) => (
          <Input
            {...control}
            autoComplete="name"
            placeholder={t('fields.fullNamePlaceholder')}
            {...form.register('fullName', { onChange: () => form.clearErrors('fullName') })}
          />
        )}
      </FormField>
      <FormField label={t('fields.email')} error={message(errors.email?.message)}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('fields.emailPlaceholder')}
            {...form.register('email', { onChange: () => form.clearErrors('email') })}
          />
        )}
      </FormField>
      <FormField
        label={t('fields.password')}
        error={message(errors.password?.message)}
        hint={t('passwordHint', { min: PASSWORD_MIN_LENGTH })}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            {...form.register('password', { onChange: () => form.clearErrors('password') })}
          />
        )}
      </FormField>
      <Button type="submit" loading={busy} className="w-full">
        {busy ? t('signUp.submitting') : t('signUp.submit')}
      </Button>
    </form>
  );
}
