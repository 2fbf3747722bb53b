import { z } from 'zod';

/** Stripe billing (issue 23): the plans STRIPE_PLANS offers, and the ways to Stripe's own pages. */

export const billingPeriods = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

/** A price as Stripe has it: in the currency's minor unit (cents), currency upper-case (USD). */
export const billingPriceSchema = z.object({
  priceCents: z.number().int(),
  currency: z.string(),
});
export type BillingPrice = z.infer<typeof billingPriceSchema>;

export const billingPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Tokens a month while the plan is paid for. */
  tokenQuota: z.number().int(),
  monthly: billingPriceSchema,
  /** The annual option, a year's price; null when the plan is sold monthly only. */
  yearly: billingPriceSchema.nullable(),
  /** How much less a year costs paid yearly than twelve months paid monthly, in percent. */
  annualDiscountPercent: z.number().int().nullable(),
  /** The period the user pays this plan by, if it is their plan; null otherwise. */
  current: z.enum(billingPeriods).nullable(),
});
export type BillingPlan = z.infer<typeof billingPlanSchema>;

export const billingPlansSchema = z.object({ plans: z.array(billingPlanSchema) });
export type BillingPlans = z.infer<typeof billingPlansSchema>;

export const checkoutInputSchema = z.strictObject({
  planId: z.string().min(1).max(100),
  period: z.enum(billingPeriods),
});
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

/** A page of Stripe's (Checkout, the Customer Portal) the browser goes to next. */
export const billingRedirectSchema = z.object({ url: z.string() });
export type BillingRedirect = z.infer<typeof billingRedirectSchema>;
