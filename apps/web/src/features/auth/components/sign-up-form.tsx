import { PASSWORD_MIN_LENGTH, type InstanceInfo, type SignUpResult } from '@doppel/contracts';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, MailX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { notifyError } from '@/lib/notify';
import { useApi } from '@/lib/services';
import { useCheckedForm } from '@/components/form/use-checked-form';
import { getInstanceInfo } from '../api/auth-api';
import { useResendVerification, useSignUp } from '../api/use-auth-mutations';
import { checkSignUp } from '../utils/auth-checks';

interface SignUpFormProps {
  onGoToSignIn: (email: string) => void;
  onForgotPassword: (email: string) => void;
}

export function SignUpForm({ onGoToSignIn, onForgotPassword }: SignUpFormProps) {
  const { t } = useTranslation('auth');
  const signUp = useSignUp();
  const resend = useResendVerification();
  const api = useApi();
  // Until it answers, the screen promises nothing either way about email.
  const instance = useQuery({ queryKey: ['instance'], queryFn: () => getInstanceInfo(api) }).data;
  const [createdEmail, setCreatedEmail] = useState<string | null>(null);
  const [result, setResult] = useState<SignUpResult | null>(null);
  const { handleSubmit, isSubmitting, errorText, field, showServerErrors } = useCheckedForm({
    messages: 'auth',
    defaultValues: { fullName: '', email: '', password: '' },
    check: checkSignUp,
  });

  const submit = handleSubmit(async (values) => {
    try {
      setResult(await signUp.mutateAsync(values));
      setCreatedEmail(values.email);
    } catch (error) {
      if (showServerErrors(error, ['fullName', 'email', 'password'])) return;
      notifyError(error, t('signUpFailed'));
    }
  });

  if (createdEmail && result?.verified) {
    return (
      <div className="grid gap-4">
        <Notice variant="success" role="status">
          <CircleCheck aria-hidden="true" />
          <p>{t('signUp.readyAsOwner')}</p>
        </Notice>
        <Button onClick={() => onGoToSignIn(createdEmail)}>{t('signUp.goToSignIn')}</Button>
      </div>
    );
  }

  if (createdEmail) {
    const emailDelivery = instance?.emailDelivery ?? true;
    return (
      <div className="grid gap-4">
        <Notice variant="success" role="status">
          <CircleCheck aria-hidden="true" />
          <p>{emailDelivery ? t('signUp.success') : t('signUp.successWithoutEmail')}</p>
        </Notice>
        {/* The server answers a registered address exactly like a new one (and emails its owner),
            so this screen says what happens in both cases without telling which it was. */}
        <p className="text-sm text-muted-foreground">
          {t('signUp.alreadyRegistered')}{' '}
          <Button variant="link" size="inline" onClick={() => onForgotPassword(createdEmail)}>
            {t('forgot.link')}
          </Button>
        </p>
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

  const busy = isSubmitting || signUp.isPending;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-4"
      aria-label={t('signUp.formLabel')}
    >
      {instance && !instance.emailDelivery ? <NoEmailNotice instance={instance} /> : null}
      <FormField label={t('fields.fullName')} error={errorText('fullName')}>
        {(control) => (
          <Input
            {...control}
            autoComplete="name"
            placeholder={t('fields.fullNamePlaceholder')}
            {...field('fullName')}
          />
        )}
      </FormField>
      <FormField label={t('fields.email')} error={errorText('email')}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('fields.emailPlaceholder')}
            {...field('email')}
          />
        )}
      </FormField>
      <FormField
        label={t('fields.password')}
        error={errorText('password')}
        hint={t('passwordHint', { min: PASSWORD_MIN_LENGTH })}
      >
        {(control) => (
          <Input {...control} type="password" autoComplete="new-password" {...field('password')} />
        )}
      </FormField>
      <Button type="submit" loading={busy} className="w-full">
        {busy ? t('signUp.submitting') : t('signUp.submit')}
      </Button>
    </form>
  );
}

/** Said before sign-up on a server without SMTP, instead of promising an email. */
function NoEmailNotice({ instance }: { instance: InstanceInfo }) {
  const { t } = useTranslation('auth');
  return (
    <Notice variant="info">
      <MailX aria-hidden="true" />
      <p>{instance.hasOwner ? t('signUp.noEmail') : t('signUp.noEmailFirstAccount')}</p>
    </Notice>
  );
}
