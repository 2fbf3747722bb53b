import { and, eq, sql, users, type Db } from '@doppel/db';

/** Deletes demo users whose sandbox expired; their rows go with them (ON DELETE CASCADE). */
export async function removeExpiredDemoSandboxes(db: Db, now: Date): Promise<number> {
  const removed = await db
    .delete(users)
    .where(and(eq(users.isDemo, true), sql`${users.demoExpiresAt} <= ${now.toISOString()}::timestamptz`))
    .returning({ id: users.id });
  return removed.length;
}
