import { eq, users, type DbOrTx } from '@doppel/db';
import { AppError } from '../../lib/app-error';

/** An uploaded avatar: its key in the file store and the URL that serves it. */
export interface StoredAvatar {
  fileKey: string;
  url: string;
}

/**
 * Sets the account's avatar (null: none) and returns the file key it replaces, for the caller
 * to remove from the file store. The row is locked while it is read, so of two uploads at once
 * each learns the key the other wrote and no file is left behind unreferenced.
 */
export async function setAvatar(
  db: DbOrTx,
  userId: string,
  avatar: StoredAvatar | null,
  now: Date,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ fileKey: users.avatarFileKey })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!current) throw new AppError('not_found');
    await tx
      .update(users)
      .set({ avatarFileKey: avatar?.fileKey ?? null, avatarUrl: avatar?.url ?? null, updatedAt: now })
      .where(eq(users.id, userId));
    return current.fileKey;
  });
}
