import type { InterfaceLanguage } from '@doppel/contracts';
import { eq, sql, users, type DbOrTx } from '@doppel/db';
import { createDefaultSettings } from '../settings';
import { startPlan } from '../subscription';

export interface NewAccount {
  email: string;
  fullName: string | null;
  passwordHash: string | null;
  language: InterfaceLanguage;
  emailVerifiedAt: Date | null;
  demoExpiresAt: Date | null;
  /** Sample billing details, shown only in demo sandboxes. */
  paymentMethod: string | null;
  now: Date;
}

export interface CreatedAccount {
  userId: string;
  /** The instance's first real account: its owner (issue 23). */
  isInstanceOwner: boolean;
}

/**
 * Whether the instance has no owner yet, holding a lock until the transaction ends so two
 * first sign-ups cannot both become it (the partial unique index would refuse the second).
 */
async function claimsOwnership(tx: DbOrTx): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('doppel:instance-owner'))`);
  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isInstanceOwner, true))
    .limit(1);
  return !owner;
}

/**
 * Creates a user with its settings and plan rows in one transaction. The first real account of
 * an instance becomes its owner; demo sandboxes never do.
 */
export async function createAccount(tx: DbOrTx, account: NewAccount): Promise<CreatedAccount> {
  const isDemo = account.demoExpiresAt !== null;
  const isInstanceOwner = !isDemo && (await claimsOwnership(tx));
  const [user] = await tx
    .insert(users)
    .values({
      email: account.email,
      fullName: account.fullName,
      passwordHash: account.passwordHash,
      emailVerifiedAt: account.emailVerifiedAt,
      isDemo,
      isInstanceOwner,
      demoExpiresAt: account.demoExpiresAt,
      createdAt: account.now,
      updatedAt: account.now,
    })
    .returning({ id: users.id });
  const userId = user!.id;
  await createDefaultSettings(tx, userId, account.language, account.now);
  await startPlan(tx, userId, { isDemo, samplePaymentMethod: account.paymentMethod }, account.now);
  return { userId, isInstanceOwner };
}
