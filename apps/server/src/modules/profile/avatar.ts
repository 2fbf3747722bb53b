import { randomBytes } from 'node:crypto';
import { pathOf, routes, type User } from '@doppel/contracts';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { FileMissingError } from '../../lib/file-store';
import { loadUserView, setAvatar } from '../auth';
import { makeAvatarImage } from './avatar-image';

/*
 * Avatars live in the file store under `avatars/<key>`, the key 24 random bytes made anew for
 * every upload: the URL serving it needs no session (an img tag sends none), cannot be guessed,
 * and never shows another picture, so browsers may keep it for good.
 */

const STORE_RETRY_AFTER_SECONDS = 5;
const fileKeyOf = (key: string) => `avatars/${key}`;

function storeUnavailable(ctx: AppContext, error: unknown, what: string): AppError {
  ctx.log.warn({ err: error }, what);
  return new AppError('storage_unavailable', undefined, { retryAfter: STORE_RETRY_AFTER_SECONDS });
}

/** Removes a file the account no longer points to; a failure leaves an orphan, logged, not an error. */
async function discard(ctx: AppContext, fileKey: string | null): Promise<void> {
  if (!fileKey) return;
  await ctx.files.remove(fileKey).catch((error: unknown) => {
    ctx.log.error({ err: error, fileKey }, 'could not remove a replaced avatar file');
  });
}

/**
 * Makes the uploaded photo the account's avatar and removes the one it replaces. A refused photo
 * (too large, not an image) or a store that cannot take it changes nothing. Demo sandboxes keep
 * the initials: anyone can open one without an account, and an avatar is served publicly.
 */
export async function uploadAvatar(ctx: AppContext, actor: Actor, photo: Buffer): Promise<User> {
  if (actor.isDemo) throw new AppError('demo_restricted');
  const image = await makeAvatarImage(photo);
  const key = randomBytes(24).toString('base64url');
  const fileKey = fileKeyOf(key);
  try {
    await ctx.files.write(fileKey, image);
  } catch (error) {
    throw storeUnavailable(ctx, error, 'the file store could not keep an avatar');
  }
  const url = pathOf(routes.profile.avatarFile, { key });
  let replaced: string | null;
  try {
    replaced = await setAvatar(ctx.db, actor.userId, { fileKey, url }, ctx.clock.now());
  } catch (error) {
    // Nothing points to the new file: it goes, so the store holds only what accounts show.
    await discard(ctx, fileKey);
    throw error;
  }
  await discard(ctx, replaced);
  return loadUserView(ctx.db, actor.userId, ctx.clock.now());
}

/** Back to the initials: the account forgets its avatar and the file is removed. */
export async function removeAvatar(ctx: AppContext, actor: Actor): Promise<User> {
  const replaced = await setAvatar(ctx.db, actor.userId, null, ctx.clock.now());
  await discard(ctx, replaced);
  return loadUserView(ctx.db, actor.userId, ctx.clock.now());
}

/** The stored WebP of an avatar key; not_found once it was replaced or removed. */
export async function readAvatarFile(ctx: AppContext, key: string): Promise<Buffer> {
  try {
    return await ctx.files.read(fileKeyOf(key));
  } catch (error) {
    if (error instanceof FileMissingError) throw new AppError('not_found');
    throw storeUnavailable(ctx, error, 'the file store could not read an avatar');
  }
}
