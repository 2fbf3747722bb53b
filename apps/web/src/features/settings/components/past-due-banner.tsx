import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSubscription } from '../api/get-subscription';
import { ManagePaymentsButton } from './manage-payments-button';

/**
 * Across the top of every signed-in page while Stripe could not take the last payment: the paid
 * plan (and its quota) still holds while Stripe retries, and the way to fix it is one click away.
 * It goes when the plan's status does (the change feed refreshes the subscription).
 */
export function PastDueBanner() {
  const { t } = useTranslation('billing');
  const subscription = useSubscription();
  if (subscription.data?.status !== 'past_due') return null;
  return (
    <div
      role="alert"
      aria-label={t('pastDue.label')}
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 border-b bg-destructive-soft px-4 py-1.5 text-sm text-destructive-soft-foreground"
    >
      <CreditCard className="size-4 shrink-0" aria-hidden="true" />
      <span>{t('pastDue.message')}</span>
      {subscription.data.billingEnabled ? <ManagePaymentsButton variant="outline" size="sm" /> : null}
    </div>
  );
}
