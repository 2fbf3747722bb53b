import { eq, users, type DbOrTx } from '@doppel/db';
import { AppError } from './app-error';

/**
 * Who domain code acts for: the user whose data it reads and writes, and whether that user is a
 * demo sandbox (which may not reach the outside world). A signed-in request's session carries
 * more (its session id), but that stays at the HTTP edge; background jobs load an Actor from the
 * user row instead of pretending to have a session.
 */
export interface Actor {
  userId: string;
  isDemo: boolean;
}

/** The actor a background job runs as; a user deleted since the job was queued is not found. */
export async function loadActor(db: DbOrTx, userId: string): Promise<Actor> {
  const [user] = await db.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('not_found');
  return { userId, isDemo: user.isDemo };
}
