import { and, eq, ne, users } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { consumeEmailToken } from './email-tokens';

/** Switches the account to the address whose inbox opened the link. */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const { userId, newEmail } = await consumeEmailToken(tx, 'change_email', token, now);
    if (!newEmail) throw new AppError('invalid_token');
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, newEmail), ne(users.id, userId)));
    if (taken) throw new AppError('email_taken');
    await tx
      .update(users)
      .set({ email: newEmail, emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, userId));
  });
}
