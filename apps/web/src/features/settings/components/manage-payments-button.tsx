import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@/components/ui/button';
import { notifyError } from '@/lib/notify';
import { usePaymentsPortal } from '../api/billing';

/** Opens Stripe's Customer Portal: the Subscription tab's Manage payments, and the past-due banner's. */
export function ManagePaymentsButton(props: Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const { t } = useTranslation('billing');
  const portal = usePaymentsPortal();
  return (
    <Button
      {...props}
      // Still busy once answered: the browser is on its way to Stripe.
      loading={portal.isPending || portal.isSuccess}
      onClick={() => portal.mutate(undefined, { onError: (error) => notifyError(error, t('portalFailed')) })}
    >
      {t('managePayments')}
    </Button>
  );
}
