import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifySuccess } from '@/lib/notify';
import { openSettings } from '@/lib/open-settings';

/**
 * Back from Stripe's pages (the server sends Checkout, the portal's plan change and the portal to
 * /actions?settings=subscription[&billing=success|cancelled]): opens Settings → Subscription,
 * says a payment went through — the plan itself changes a moment later, when Stripe's webhook
 * has reached the server and the change feed refreshes the tab — and drops the parameters, so a
 * reload does not say it again. The app's layout calls it once the settings dialog can open.
 */
export function useBillingReturn(): void {
  const { t } = useTranslation('billing');
  const [params, setParams] = useSearchParams();
  const fromStripe = params.get('settings') === 'subscription';
  const outcome = params.get('billing');
  // Once per return, even when effects run twice (StrictMode).
  const handled = useRef(false);
  useEffect(() => {
    if (!fromStripe || handled.current) return;
    handled.current = true;
    if (outcome === 'success') notifySuccess(t('returned.success'));
    openSettings('subscription');
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('settings');
        next.delete('billing');
        return next;
      },
      { replace: true },
    );
  }, [fromStripe, outcome, setParams, t]);
}
