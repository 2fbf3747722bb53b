import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { notifyError } from '@/lib/notify';
import { useCheckedForm } from '@/components/form/use-checked-form';
import { useForgotPassword } from '../api/use-auth-mutations';
import { checkForgotPassword } from '../utils/auth-checks';

interface ForgotPasswordFormProps {
  defaultEmail?: string;
  onBack: () => void;
}

export function ForgotPasswordForm({ defaultEmail = '', onBack }: ForgotPasswordFormProps) {
  const { t } = useTranslation('auth');
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { handleSubmit, isSubmitting, errorText, field, showServerErrors } = useCheckedForm({
    messages: 'auth',
    defaultValues: { email: defaultEmail },
    check: checkForgotPassword,
  });

  const submit = handleSubmit(async (values) => {
    try {
      await forgot.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      if (showServerErrors(error, ['email'])) return;
      notifyError(error, t('forgot.failed'));
    }
  });

  const busy = isSubmitting || forgot.isPending;
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h2 className="text-base font-semibold">{t('forgot.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('forgot.description')}</p>
      </div>
      {sentTo ? (
        <Notice variant="success" role="status">
          <MailCheck aria-hidden="true" />
          <p>{t('forgot.sent', { email: sentTo })}</p>
        </Notice>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          className="grid gap-4"
          aria-label={t('forgot.title')}
        >
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
          <Button type="submit" loading={busy} className="w-full">
            {busy ? t('forgot.submitting') : t('forgot.submit')}
          </Button>
        </form>
      )}
      <Button variant="ghost" onClick={onBack} className="justify-self-center">
        <ArrowLeft aria-hidden="true" />
        {t('forgot.back')}
      </Button>
    </div>
  );
}
