import {
  errorMessages,
  routes as apiRoutes,
  type BillingPlans,
  type CheckoutInput,
  type Subscription,
} from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, fakeRoute } from '@/test-support/fake-api';
import {
  renderWithProviders,
  selfHostedSubscription,
  signedInRoutes,
  type ServerRoutes,
} from '@/test-support/render-with-providers';
import { BillingActions } from './billing-actions';

const selfHosted = selfHostedSubscription({ billingEnabled: true });

const paidPro: Subscription = {
  ...selfHosted,
  kind: 'stripe',
  planName: 'Pro',
  priceCents: 2900,
  currency: 'USD',
  billingPeriod: 'monthly',
  annualDiscountPercent: 20,
  tokenQuota: 5_000_000,
  nextBillingDate: '2026-12-27',
  paymentMethod: 'Visa •••• 4242',
};

function plans(current: 'monthly' | 'yearly' | null = null): BillingPlans {
  return {
    plans: [
      {
        id: 'pro',
        name: 'Pro',
        tokenQuota: 5_000_000,
        monthly: { priceCents: 2900, currency: 'USD' },
        yearly: { priceCents: 27_840, currency: 'USD' },
        annualDiscountPercent: 20,
        current,
      },
      {
        id: 'team',
        name: 'Team',
        tokenQuota: 20_000_000,
        monthly: { priceCents: 9900, currency: 'USD' },
        yearly: null,
        annualDiscountPercent: null,
        current: null,
      },
    ],
  };
}

const assign = vi.fn();
beforeEach(() => {
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderActions(subscription: Subscription, server: ServerRoutes = {}) {
  const rendered = renderWithProviders(
    <Route path="*" element={<BillingActions subscription={subscription} />} />,
    {
      server: { ...signedInRoutes(), ...server },
    },
  );
  await waitFor(() => expect(rendered.services.session.getState().status).toBe('signedIn'));
  return rendered;
}

describe('Change plan and Manage payments', () => {
  it('lists the plans monthly or yearly with the 20% saving; Choose goes to Stripe Checkout', async () => {
    const checkouts: CheckoutInput[] = [];
    const { user } = await renderActions(selfHosted, {
      ...fakeRoute(apiRoutes.billing.plans, { body: plans() }),
      ...fakeRoute(apiRoutes.billing.checkout, (request) => {
        checkouts.push(request.body as CheckoutInput);
        return { body: { url: 'https://checkout.stripe.com/c/pay/cs_test_1' } };
      }),
    });
    // Nothing is paid yet, so there are no payments to manage.
    expect(screen.queryByRole('button', { name: 'Manage payments' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change plan' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Change plan' }));
    const pro = within(await dialog.findByRole('listitem', { name: 'Pro' }));
    expect(pro.getByText('$29.00 per month')).toBeInTheDocument();
    expect(pro.getByText('5M tokens a month')).toBeInTheDocument();
    expect(dialog.getByText('save up to 20%')).toBeInTheDocument();
    const period = within(dialog.getByRole('group', { name: 'Billing period' }));
    expect(period.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(period.getByRole('button', { name: 'Yearly' }));
    expect(period.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    expect(pro.getByText('$278.40 per year')).toBeInTheDocument();
    expect(pro.getByText('20% less than paying monthly')).toBeInTheDocument();
    // Team is sold monthly only: nothing to choose yearly.
    const team = within(dialog.getByRole('listitem', { name: 'Team' }));
    expect(team.getByText('Billed monthly only')).toBeInTheDocument();
    expect(team.queryByRole('button', { name: 'Choose Team' })).not.toBeInTheDocument();

    await user.click(pro.getByRole('button', { name: 'Choose Pro' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(checkouts).toEqual([{ planId: 'pro', period: 'yearly' }]);
  });

  it('marks the plan paid for; Manage payments opens the Customer Portal', async () => {
    const { user, fake } = await renderActions(paidPro, {
      ...fakeRoute(apiRoutes.billing.plans, { body: plans('monthly') }),
      ...fakeRoute(apiRoutes.billing.portal, { body: { url: 'https://billing.stripe.com/p/session/bps_1' } }),
    });
    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change plan' }));
    const pro = within(await dialog.findByRole('listitem', { name: 'Pro' }));
    expect(pro.getByText('Current plan')).toBeInTheDocument();
    expect(pro.queryByRole('button', { name: 'Choose Pro' })).not.toBeInTheDocument();
    // The same plan paid yearly is a change the user can make.
    await user.click(dialog.getByRole('button', { name: 'Yearly' }));
    expect(pro.queryByText('Current plan')).not.toBeInTheDocument();
    expect(pro.getByRole('button', { name: 'Choose Pro' })).toBeEnabled();
    await user.click(dialog.getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Manage payments' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/bps_1'));
    expect(fake.callsTo(apiRoutes.billing.portal)).toHaveLength(1);
  });

  it('says why when Stripe cannot be reached, and stays on the page', async () => {
    const { user } = await renderActions(selfHosted, {
      ...fakeRoute(apiRoutes.billing.plans, { body: plans() }),
      ...fakeRoute(
        apiRoutes.billing.checkout,
        errorReply(502, 'billing_provider_failed', errorMessages.billing_provider_failed),
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change plan' }));
    await user.click(await dialog.findByRole('button', { name: 'Choose Team' }));
    expect(
      await screen.findByText('The payment provider could not be reached. Please try again in a moment.'),
    ).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(dialog.getByRole('button', { name: 'Choose Team' })).toBeEnabled();
  });

  it('shows a retry when the plans cannot be loaded', async () => {
    const { user } = await renderActions(selfHosted, {
      ...fakeRoute(
        apiRoutes.billing.plans,
        errorReply(502, 'billing_provider_failed', errorMessages.billing_provider_failed),
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change plan' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The payment provider could not be reached. Please try again in a moment.',
    );
    expect(dialog.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('keeps Manage payments for a user back on the self-hosted plan who paid before', async () => {
    await renderActions({ ...selfHosted, hasPaymentAccount: true });
    expect(screen.getByRole('button', { name: 'Change plan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage payments' })).toBeInTheDocument();
  });

  it("offers no billing where there is none: a demo's sample plan says so, a self-hosted server is silent", async () => {
    const demo = await renderActions({ ...paidPro, isSample: true, billingEnabled: false });
    expect(
      screen.getByText('In the demo the plan is sample data. Create an account to choose a real plan.'),
    ).toBeInTheDocument();
    const billingButtons = () => screen.queryAllByRole('button', { name: /Change plan|Manage payments/ });
    expect(billingButtons()).toEqual([]);
    demo.unmount();

    await renderActions({ ...selfHosted, billingEnabled: false });
    expect(billingButtons()).toEqual([]);
    expect(screen.queryByText(/demo/)).not.toBeInTheDocument();
  });
});
