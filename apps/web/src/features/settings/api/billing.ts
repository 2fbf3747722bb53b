import { routes, type CheckoutInput } from '@doppel/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi } from '@/lib/services';

/** The plans STRIPE_PLANS offers, with Stripe's prices; read when Change plan opens. */
export function useBillingPlans(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['billing', 'plans'],
    queryFn: ({ signal }) => api.call(routes.billing.plans, { signal }),
    enabled,
  });
}

/**
 * Change plan: the server answers with Stripe's page (Checkout, or the Customer Portal's
 * confirmation of a change), and the browser goes there. The plan itself changes when Stripe's
 * webhook reaches the server; the change feed then refreshes the Subscription tab.
 */
export function useCheckout() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: CheckoutInput) => api.call(routes.billing.checkout, { body: input }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** Manage payments: Stripe's Customer Portal (payment methods, invoices, cancelling). */
export function usePaymentsPortal() {
  const api = useApi();
  return useMutation({
    mutationFn: () => api.call(routes.billing.portal),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
