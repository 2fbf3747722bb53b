import { and, eq, sql, users, type DbOrTx } from '@doppel/db';

/*
 * The auth module owns the users table (the account: its name, email, password, demo state).
 * Other modules change an account through these functions.
 */

/** Renames the account (the profile form, a demo sandbox's sample owner). */
export async function setFullName(tx: DbOrTx, userId: string, fullName: string, now: Date): Promise<void> {
  await tx.update(users).set({ fullName, updatedAt: now }).where(eq(users.id, userId));
}

/** Marks the account's address verified (kept as it was if it already is). */
export async function markEmailVerified(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** Deletes demo accounts whose sandbox expired; their rows go with them (ON DELETE CASCADE). */
export async function deleteExpiredDemoAccounts(db: DbOrTx, now: Date): Promise<number> {
  const removed = await db
    .delete(users)
    .where(and(eq(users.isDemo, true), sql`${users.demoExpiresAt} <= ${now.toISOString()}::timestamptz`))
    .returning({ id: users.id });
  return removed.length;
}
