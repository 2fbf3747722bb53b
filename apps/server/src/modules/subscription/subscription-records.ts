import { DEFAULT_INSTANCE_TOKEN_QUOTA, SAMPLE_PLAN } from '@doppel/contracts';
import { eq, instanceSettings, sql, subscriptions, type DbOrTx } from '@doppel/db';

/* The subscription module owns the subscriptions, instance_settings and billing_events tables. */

function addDays(date: Date, days: number): string {
  return new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The monthly token quota of a user the owner has not set one for. */
export async function instanceDefaultQuota(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ quota: instanceSettings.defaultTokenQuota }).from(instanceSettings);
  return row?.quota ?? DEFAULT_INSTANCE_TOKEN_QUOTA;
}

/**
 * A new account's plan. A demo sandbox gets the sample plan (made-up figures, badged "Sample");
 * a real account the instance's self-hosted plan with the instance's default quota.
 */
export async function startPlan(
  tx: DbOrTx,
  userId: string,
  account: { isDemo: boolean; samplePaymentMethod: string | null },
  now: Date,
): Promise<void> {
  if (account.isDemo) {
    await tx.insert(subscriptions).values({
      userId,
      kind: 'sample',
      ...SAMPLE_PLAN,
      status: 'active',
      nextBillingDate: addDays(now, 30),
      paymentMethod: account.samplePaymentMethod,
      createdAt: now,
      updatedAt: now,
    });
    return;
  }
  await tx.insert(subscriptions).values({
    userId,
    ...selfHostedPlan(await instanceDefaultQuota(tx)),
    createdAt: now,
    updatedAt: now,
  });
}

/** The columns of the self-hosted plan: no price, no billing date, the given quota. */
export function selfHostedPlan(tokenQuota: number) {
  return {
    kind: 'self_hosted' as const,
    planName: 'Self-hosted',
    priceCents: null,
    currency: null,
    billingPeriod: null,
    annualDiscountPercent: null,
    tokenQuota,
    status: 'active' as const,
    nextBillingDate: null,
    paymentMethod: null,
    stripePriceId: null,
    stripeSubscriptionId: null,
    cancelAtPeriodEnd: false,
  };
}

/**
 * The quota a user has whenever no paid plan is active: the owner's setting for them, else the
 * instance default.
 */
export async function selfHostedQuotaOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ own: subscriptions.ownerTokenQuota })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row?.own ?? (await instanceDefaultQuota(db));
}

/**
 * The owner sets one user's quota (null: back to the instance default). It is in force at once
 * unless the user pays for a plan, whose quota stays until the plan ends.
 */
export async function setOwnerQuota(
  db: DbOrTx,
  userId: string,
  tokenQuota: number | null,
  now: Date,
): Promise<void> {
  const inForce = tokenQuota ?? (await instanceDefaultQuota(db));
  await db
    .update(subscriptions)
    .set({
      ownerTokenQuota: tokenQuota,
      tokenQuota: sql`case when ${subscriptions.kind} = 'self_hosted' then ${inForce} else ${subscriptions.tokenQuota} end`,
      updatedAt: now,
    })
    .where(eq(subscriptions.userId, userId));
}

/**
 * The owner changes the instance default: it is in force at once for every self-hosted user the
 * owner has not set a quota for.
 */
export async function setDefaultQuota(db: DbOrTx, tokenQuota: number, now: Date): Promise<void> {
  await db
    .insert(instanceSettings)
    .values({ id: true, defaultTokenQuota: tokenQuota, updatedAt: now })
    .onConflictDoUpdate({
      target: instanceSettings.id,
      set: { defaultTokenQuota: tokenQuota, updatedAt: now },
    });
  await db
    .update(subscriptions)
    .set({ tokenQuota, updatedAt: now })
    .where(
      sql`${subscriptions.kind} = 'self_hosted' and ${subscriptions.ownerTokenQuota} is null and ${subscriptions.tokenQuota} <> ${tokenQuota}`,
    );
}
