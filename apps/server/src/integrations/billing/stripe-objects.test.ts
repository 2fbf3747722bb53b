import { describe, expect, it } from 'vitest';
import { invoiceSubscriptionId, paymentMethodLabel, readSubscription } from './stripe-objects';

const card = (brand: string, last4: string) => ({
  object: 'payment_method',
  type: 'card',
  card: { brand, last4 },
});

describe("Stripe's objects across API versions", () => {
  it('reads the billing period from the subscription (before 2025-03-31) or from its items (since)', () => {
    const base = {
      id: 'sub_1',
      object: 'subscription',
      customer: 'cus_1',
      status: 'active',
      cancel_at: null,
    };
    const item = { id: 'si_1', price: { id: 'price_1' } };
    expect(
      readSubscription({ ...base, current_period_end: 1_800_000_000, items: { data: [item] } })
        ?.currentPeriodEnd,
    ).toBe(1_800_000_000);
    expect(
      readSubscription({ ...base, items: { data: [{ ...item, current_period_end: 1_900_000_000 }] } }),
    ).toMatchObject({ currentPeriodEnd: 1_900_000_000, priceId: 'price_1', itemId: 'si_1' });
    expect(readSubscription({ ...base, object: 'invoice' })).toBeNull();
  });

  it("names the subscription's payment method, else the customer's default", () => {
    const base = { id: 'sub_1', object: 'subscription', status: 'active', items: { data: [] } };
    expect(
      readSubscription({ ...base, customer: 'cus_1', default_payment_method: card('mastercard', '4444') })
        ?.paymentMethod,
    ).toBe('Mastercard •••• 4444');
    const customer = { id: 'cus_1', invoice_settings: { default_payment_method: card('amex', '0005') } };
    expect(readSubscription({ ...base, customer, default_payment_method: null })).toMatchObject({
      customerId: 'cus_1',
      paymentMethod: 'American Express •••• 0005',
    });
    // Not expanded: the id alone says nothing to show.
    expect(
      readSubscription({ ...base, customer: 'cus_1', default_payment_method: 'pm_1' })?.paymentMethod,
    ).toBeNull();
  });

  it('labels cards, debits and wallets briefly by their own names', () => {
    expect(paymentMethodLabel(card('visa', '4242'))).toBe('Visa •••• 4242');
    expect(paymentMethodLabel(card('unknown', '1234'))).toBe('•••• 1234');
    expect(
      paymentMethodLabel({ object: 'payment_method', type: 'sepa_debit', sepa_debit: { last4: '3000' } }),
    ).toBe('SEPA Direct Debit •••• 3000');
    expect(
      paymentMethodLabel({
        object: 'payment_method',
        type: 'us_bank_account',
        us_bank_account: { bank_name: 'STRIPE TEST BANK', last4: '6789' },
      }),
    ).toBe('STRIPE TEST BANK •••• 6789');
    expect(paymentMethodLabel({ object: 'payment_method', type: 'paypal', paypal: {} })).toBe('PayPal');
  });

  it("finds an invoice's subscription in the old and the new shape", () => {
    expect(invoiceSubscriptionId({ subscription: 'sub_old' })).toBe('sub_old');
    expect(
      invoiceSubscriptionId({
        parent: { subscription_details: { subscription: 'sub_new' } },
        subscription: null,
      }),
    ).toBe('sub_new');
    expect(invoiceSubscriptionId({ parent: null })).toBeNull();
  });
});
