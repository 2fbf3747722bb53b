import { z } from 'zod';

/** A demo sandbox's made-up plan: sample data, shown with a "Sample" badge. */
export const SAMPLE_PLAN = {
  planName: 'Pro Plan',
  priceCents: 2900,
  currency: 'USD',
  billingPeriod: 'monthly',
  annualDiscountPercent: 20,
  tokenQuota: 1_000_000,
} as const;

/** A new instance's monthly token quota per user, until its owner sets another. */
export const DEFAULT_INSTANCE_TOKEN_QUOTA = 1_000_000;
/** The largest monthly quota the owner may set (it fits the database's integer). */
export const MAX_TOKEN_QUOTA = 2_000_000_000;

export const planKinds = ['self_hosted', 'stripe', 'sample'] as const;
export const subscriptionStatuses = ['active', 'past_due', 'cancelled'] as const;

/**
 * The user's plan (issue 23). `self_hosted`: the instance's own quota, set by its owner; no price
 * and no billing date. `stripe`: a paid plan from this server's Stripe account. `sample`: a demo
 * sandbox's made-up plan.
 */
export const subscriptionSchema = z.object({
  kind: z.enum(planKinds),
  planName: z.string(),
  priceCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  billingPeriod: z.enum(['monthly', 'yearly']).nullable(),
  annualDiscountPercent: z.number().int().nullable(),
  /** Tokens a calendar month (UTC) allows. */
  tokenQuota: z.number().int(),
  status: z.enum(subscriptionStatuses),
  nextBillingDate: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  /** A paid plan that ends at the next billing date instead of renewing. */
  cancelAtPeriodEnd: z.boolean(),
  /** True for a demo sandbox: the figures are sample data. */
  isSample: z.boolean(),
  /** Whether this server takes payments (STRIPE_SECRET_KEY is set). */
  billingEnabled: z.boolean(),
  /**
   * The user has a customer at this server's Stripe account (checked out before): Manage
   * payments opens their payment methods and past invoices even after a paid plan ended.
   */
  hasPaymentAccount: z.boolean(),
  /** Whether the user is this instance's owner (sees the Users list). */
  isInstanceOwner: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** What anyone may know about this server before signing in (GET /api/instance). */
export const instanceInfoSchema = z.object({
  /** Whether the server can send email (SMTP_URL is set); without it links stay in its log. */
  emailDelivery: z.boolean(),
  /** Whether the instance has an owner yet: the next account created becomes it when not. */
  hasOwner: z.boolean(),
});
export type InstanceInfo = z.infer<typeof instanceInfoSchema>;

export const tokenQuotaSchema = z
  .number({ error: 'tokenQuotaRange' })
  .int('tokenQuotaRange')
  .min(0, 'tokenQuotaRange')
  .max(MAX_TOKEN_QUOTA, 'tokenQuotaRange');

/** One account as the instance owner sees it. */
export const instanceUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** Two-step sign-in is on: the owner may turn it off for a user who lost every code. */
  mfaEnabled: z.boolean(),
  isInstanceOwner: z.boolean(),
  createdAt: z.string(),
  planKind: z.enum(planKinds),
  planName: z.string(),
  /** Tokens used this calendar month (UTC). */
  tokensUsed: z.number().int(),
  /** The quota in force. */
  tokenQuota: z.number().int(),
  /** The owner's setting for this user; null: the instance default. */
  ownerTokenQuota: z.number().int().nullable(),
});
export type InstanceUser = z.infer<typeof instanceUserSchema>;

export const instanceUsersSchema = z.object({
  defaultTokenQuota: z.number().int(),
  users: z.array(instanceUserSchema),
});
export type InstanceUsers = z.infer<typeof instanceUsersSchema>;

export const setUserQuotaInputSchema = z.strictObject({ tokenQuota: tokenQuotaSchema.nullable() });
export type SetUserQuotaInput = z.infer<typeof setUserQuotaInputSchema>;
export const setDefaultQuotaInputSchema = z.strictObject({ defaultTokenQuota: tokenQuotaSchema });
export type SetDefaultQuotaInput = z.infer<typeof setDefaultQuotaInputSchema>;

export const instanceUserIdParamsSchema = z.object({ id: z.uuid() });
