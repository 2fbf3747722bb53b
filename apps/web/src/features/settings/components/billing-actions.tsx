import type { Subscription } from '@doppel/contracts';

/** Placeholder while Stripe billing lands (issue 23): Change plan and Manage payments. */
export function BillingActions(_props: { subscription: Subscription }) {
  return null;
}
