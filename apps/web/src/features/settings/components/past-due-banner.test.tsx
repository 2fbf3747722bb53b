import { routes as apiRoutes, type Subscription } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeRoute } from '@/test-support/fake-api';
import { renderWithProviders, signedInRoutes } from '@/test-support/render-with-providers';
import { PastDueBanner } from './past-due-banner';

const proPlan: Subscription = {
  kind: 'stripe',
  planName: 'Pro',
  priceCents: 2900,
  currency: 'USD',
  billingPeriod: 'monthly',
  annualDiscountPercent: 20,
  tokenQuota: 5_000_000,
  status: 'past_due',
  nextBillingDate: '2026-12-27',
  paymentMethod: 'Visa •••• 4242',
  cancelAtPeriodEnd: false,
  isSample: false,
  billingEnabled: true,
  hasPaymentAccount: true,
  isInstanceOwner: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('past-due banner', () => {
  it('says the last payment failed and opens the Customer Portal to fix it, until the plan is paid', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let plan = proPlan;
    const { user, services } = renderWithProviders(<Route path="*" element={<PastDueBanner />} />, {
      server: {
        ...signedInRoutes(),
        ...fakeRoute(apiRoutes.subscription.get, () => ({ body: plan })),
        ...fakeRoute(apiRoutes.billing.portal, {
          body: { url: 'https://billing.stripe.com/p/session/bps_9' },
        }),
      },
    });
    const banner = within(await screen.findByRole('alert', { name: 'Payment problem' }));
    expect(banner.getByText('Your last payment failed — update your payment method')).toBeInTheDocument();
    await user.click(banner.getByRole('button', { name: 'Manage payments' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/bps_9'));

    // Stripe took the payment: the change feed refreshes the subscription and the banner goes.
    plan = { ...proPlan, status: 'active' };
    await services.queryClient.invalidateQueries({ queryKey: ['subscription'] });
    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: 'Payment problem' })).not.toBeInTheDocument(),
    );
  });

  it('stays away while the plan is paid up', async () => {
    const { fake } = renderWithProviders(<Route path="*" element={<PastDueBanner />} />, {
      server: {
        ...signedInRoutes(),
        ...fakeRoute(apiRoutes.subscription.get, { body: { ...proPlan, status: 'active' } }),
      },
    });
    await waitFor(() => expect(fake.callsTo(apiRoutes.subscription.get).length).toBeGreaterThan(0));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
