import { displayName, type User } from '@doppel/contracts';
import { and, authTokens, desc, eq, isNull, sql, users, type DbOrTx } from '@doppel/db';
import { AppError } from '../../lib/app-error';

/** The user as the API shows it, with a pending email change if any. */
export async function loadUserView(db: DbOrTx, userId: string, now: Date): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('not_found');
  const [pending] = await db
    .select({ newEmail: authTokens.newEmail })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, 'change_email'),
        isNull(authTokens.usedAt),
        sql`${authTokens.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  return {
    id: row.id,
    email: row.email,
    name: displayName(row.fullName, row.email),
    fullName: row.fullName,
    avatarUrl: row.avatarUrl,
    emailVerified: row.emailVerifiedAt !== null,
    pendingEmail: pending?.newEmail ?? null,
    isDemo: row.isDemo,
    demoExpiresAt: row.demoExpiresAt?.toISOString() ?? null,
    mfaEnabled: row.mfaEnabledAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
