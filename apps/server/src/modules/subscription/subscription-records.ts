import { DEFAULT_PLAN } from '@doppel/contracts';
import { subscriptions, type DbOrTx } from '@doppel/db';

/* The subscription module owns the subscriptions table. */

function addDays(date: Date, days: number): string {
  return new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A new account's plan: the default one, billed again in 30 days. */
export async function startDefaultPlan(
  tx: DbOrTx,
  userId: string,
  /** Sample billing details, shown only in demo sandboxes. */
  paymentMethod: string | null,
  now: Date,
): Promise<void> {
  await tx.insert(subscriptions).values({
    userId,
    ...DEFAULT_PLAN,
    status: 'active',
    nextBillingDate: addDays(now, 30),
    paymentMethod,
    createdAt: now,
    updatedAt: now,
  });
}
