import { z } from 'zod';
import { emailSchema } from './auth';

export const updateProfileInputSchema = z
  .object({
    fullName: z.string().trim().min(1, 'nameRequired').max(120, 'nameTooLong'),
    /** A changed address is confirmed by a link sent to it; the old one stays until then. */
    email: emailSchema,
  })
  .partial()
  .strict();
export type UpdateProfileInput = z.input<typeof updateProfileInputSchema>;

/** The largest photo an avatar upload takes (bytes); the spec's 20 MB. */
export const AVATAR_MAX_BYTES = 20 * 1024 * 1024;
/**
 * The most pixels a photo may have: a small file can claim a huge picture (a decompression
 * bomb), and decoding is what costs. 100 megapixels passes any phone's photo but the rarest.
 */
export const AVATAR_MAX_PIXELS = 100_000_000;
/** The stored avatar is a square of this many pixels a side, WebP. */
export const AVATAR_SIZE_PX = 256;

/** An avatar file's random key (the last part of `/api/avatars/:key`); it changes on every upload. */
export const avatarKeyParamsSchema = z.object({ key: z.string().regex(/^[\w-]{32}$/) });
