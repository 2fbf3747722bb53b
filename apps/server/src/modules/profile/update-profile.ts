import { updateProfileInputSchema, type UpdateProfileInput, type User } from '@doppel/contracts';
import { and, eq, ne, users } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { Actor } from '../../lib/actor';
import { issueEmailToken, loadUserView, sendAccountEmail, setFullName } from '../auth';

/**
 * Saves the name at once; a new email address only after it is confirmed from its own inbox,
 * so a typo cannot lock the user out and nobody can take over an address they do not read.
 */
export async function updateProfile(ctx: AppContext, auth: Actor, input: UpdateProfileInput): Promise<User> {
  const changes = updateProfileInputSchema.parse(input);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select({ email: users.email }).from(users).where(eq(users.id, auth.userId));
    if (!current) throw new AppError('not_found');
    if (changes.fullName !== undefined) {
      await setFullName(tx, auth.userId, changes.fullName, now);
    }
    if (changes.email === undefined || changes.email === current.email) return;
    if (auth.isDemo) throw new AppError('demo_restricted');
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, changes.email), ne(users.id, auth.userId)));
    if (taken) throw new AppError('email_taken');
    const token = await issueEmailToken(tx, {
      userId: auth.userId,
      purpose: 'change_email',
      newEmail: changes.email,
      now,
    });
    await sendAccountEmail(ctx, tx, {
      userId: auth.userId,
      purpose: 'change_email',
      token,
      to: changes.email,
    });
  });
  return loadUserView(ctx.db, auth.userId, now);
}
