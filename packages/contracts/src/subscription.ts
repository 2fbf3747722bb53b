import { z } from 'zod';

/** The plan every account starts on. */
export const DEFAULT_PLAN = {
  planName: 'Pro Plan',
  priceCents: 2900,
  currency: 'USD',
  billingPeriod: 'monthly',
  annualDiscountPercent: 20,
  tokenQuota: 1_000_000,
} as const;

export const subscriptionSchema = z.object({
  planName: z.string(),
  priceCents: z.number().int(),
  currency: z.string(),
  billingPeriod: z.enum(['monthly', 'yearly']),
  annualDiscountPercent: z.number().int(),
  tokenQuota: z.number().int(),
  status: z.enum(['active', 'past_due', 'cancelled']),
  nextBillingDate: z.string(),
  paymentMethod: z.string().nullable(),
  /** True for a demo sandbox: the figures are sample data. */
  isSample: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
