import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { notifyError } from '@/lib/notify';
import { useResendVerification } from '../api/use-auth-mutations';

/** Offered when sign-in fails because the address is not confirmed yet. */
export function ResendVerificationNotice({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const resend = useResendVerification();
  return (
    <Notice variant="warning" role="status">
      <MailCheck aria-hidden="true" />
      <div className="grid gap-2">
        <p>{resend.isSuccess ? t('verification.resent', { email }) : t('verification.notConfirmed')}</p>
        {resend.isSuccess ? null : (
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(email, { onError: (error) => notifyError(error, t('verification.resendFailed')) })
            }
          >
            {t('verification.resend')}
          </Button>
        )}
      </div>
    </Notice>
  );
}
