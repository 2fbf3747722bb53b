/*
 * Stripe's objects read into the few facts billing needs. They are read loosely, field by field,
 * because a webhook's payload comes in the API version of its endpoint, which may be older or
 * newer than the SDK's: `current_period_end` moved from the subscription to its items in
 * 2025-03-31, an invoice's subscription moved under `parent.subscription_details` in 2025-03-31.
 */

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function seconds(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The id of an object field that may be expanded (an object with an id) or not (the id). */
export function idOf(value: unknown): string | null {
  return isObject(value) ? text(value.id) : text(value);
}

export interface BillingSubscription {
  id: string;
  customerId: string;
  /** Stripe's status: active, trialing, past_due, unpaid, canceled, incomplete… */
  status: string;
  /** The first item's price and item: Doppel's plans are one price each. */
  priceId: string | null;
  itemId: string | null;
  /** When the period paid for ends, in Unix seconds. */
  currentPeriodEnd: number | null;
  /** The subscription ends (at this time, or the period's end) instead of renewing. */
  cancelAt: number | null;
  cancelAtPeriodEnd: boolean;
  /** "Visa •••• 4242": the subscription's payment method, else the customer's default. */
  paymentMethod: string | null;
}

/** A Stripe subscription (of any API version), or null when it is none. */
export function readSubscription(raw: unknown): BillingSubscription | null {
  if (!isObject(raw) || raw.object !== 'subscription') return null;
  const id = text(raw.id);
  const customerId = idOf(raw.customer);
  if (!id || !customerId) return null;
  const items = isObject(raw.items) && Array.isArray(raw.items.data) ? raw.items.data.filter(isObject) : [];
  const first = items[0];
  const itemEnds = items.map((item) => seconds(item.current_period_end)).filter((end) => end !== null);
  const customer = isObject(raw.customer) ? raw.customer : null;
  const customerDefault =
    customer && isObject(customer.invoice_settings) ? customer.invoice_settings.default_payment_method : null;
  return {
    id,
    customerId,
    status: text(raw.status) ?? 'incomplete',
    priceId: first ? idOf(first.price) : null,
    itemId: first ? text(first.id) : null,
    currentPeriodEnd: seconds(raw.current_period_end) ?? (itemEnds.length > 0 ? Math.min(...itemEnds) : null),
    cancelAt: seconds(raw.cancel_at),
    cancelAtPeriodEnd: raw.cancel_at_period_end === true,
    paymentMethod: paymentMethodLabel(raw.default_payment_method) ?? paymentMethodLabel(customerDefault),
  };
}

/** The subscription an invoice bills, in the old (`subscription`) or new (`parent`) shape. */
export function invoiceSubscriptionId(invoice: Loose): string | null {
  const parent = isObject(invoice.parent) ? invoice.parent : null;
  const details = parent && isObject(parent.subscription_details) ? parent.subscription_details : null;
  return idOf(details?.subscription) ?? idOf(invoice.subscription);
}

/** Card networks as they write their own names. */
const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
  eftpos_au: 'eftpos',
  interac: 'Interac',
};

/** Other payment methods by their own names; a bank's by the bank; the rest by Stripe's type. */
const METHOD_NAMES: Record<string, string> = {
  sepa_debit: 'SEPA Direct Debit',
  bacs_debit: 'Bacs Direct Debit',
  au_becs_debit: 'BECS Direct Debit',
  link: 'Link',
  paypal: 'PayPal',
  cashapp: 'Cash App Pay',
  revolut_pay: 'Revolut Pay',
  amazon_pay: 'Amazon Pay',
  klarna: 'Klarna',
};

/**
 * A short display of an expanded payment method: "Visa •••• 4242", "SEPA Direct Debit •••• 3000",
 * "PayPal". Brand, bank and product names are proper nouns, the same in every language (a card
 * of an unknown network is its last digits alone). Null when it is not expanded or absent.
 */
export function paymentMethodLabel(raw: unknown): string | null {
  if (!isObject(raw) || raw.object !== 'payment_method') return null;
  const type = text(raw.type);
  if (!type) return null;
  const details: Loose = isObject(raw[type]) ? raw[type] : {};
  const last4 = text(details.last4);
  const name =
    type === 'card'
      ? (CARD_BRANDS[text(details.brand) ?? ''] ?? null)
      : (METHOD_NAMES[type] ??
        text(details.bank_name) ??
        type.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase()));
  if (!last4) return name;
  return name ? `${name} •••• ${last4}` : `•••• ${last4}`;
}
