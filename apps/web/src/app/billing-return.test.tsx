import { routes as apiRoutes, type Subscription } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeRoute } from '@/test-support/fake-api';
import { renderApp, signedInRoutes } from './test-support/render-app';

// Stripe billing as the app wires it: the return from Stripe's pages, and the past-due banner.

const proPlan: Subscription = {
  kind: 'stripe',
  planName: 'Pro',
  priceCents: 2900,
  currency: 'USD',
  billingPeriod: 'monthly',
  annualDiscountPercent: 20,
  tokenQuota: 5_000_000,
  status: 'active',
  nextBillingDate: '2026-12-27',
  paymentMethod: 'Visa •••• 4242',
  cancelAtPeriodEnd: false,
  isSample: false,
  billingEnabled: true,
  hasPaymentAccount: true,
  isInstanceOwner: false,
};

describe('billing in the app', () => {
  it('back from Checkout: says the payment was received and opens Settings → Subscription', async () => {
    const { location } = renderApp({
      path: '/actions?settings=subscription&billing=success',
      routes: { ...signedInRoutes(), ...fakeRoute(apiRoutes.subscription.get, { body: proPlan }) },
    });
    expect(
      await screen.findByText('Payment received — your plan will update in a moment.'),
    ).toBeInTheDocument();
    const settings = within(await screen.findByRole('dialog', { name: 'Settings' }));
    expect(settings.getByRole('tab', { name: 'Subscription' })).toHaveAttribute('aria-selected', 'true');
    expect(await settings.findByRole('heading', { name: 'Pro' })).toBeInTheDocument();
    // A reload does not say it again.
    await waitFor(() => expect(location().search).toBe(''));
    expect(location().pathname).toBe('/actions');
  });

  it('shows the past-due banner on every page, on phones too', async () => {
    renderApp({
      path: '/agent',
      width: 390,
      routes: {
        ...signedInRoutes(),
        ...fakeRoute(apiRoutes.subscription.get, { body: { ...proPlan, status: 'past_due' } }),
      },
    });
    const banner = within(await screen.findByRole('alert', { name: 'Payment problem' }));
    expect(banner.getByText('Your last payment failed — update your payment method')).toBeInTheDocument();
    expect(banner.getByRole('button', { name: 'Manage payments' })).toBeEnabled();
  });
});
