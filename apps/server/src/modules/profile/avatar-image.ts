import { AVATAR_MAX_PIXELS, AVATAR_SIZE_PX } from '@doppel/contracts';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { AppError } from '../../lib/app-error';

/*
 * A photo becomes an avatar here: its content decides what it is (never its name or the type
 * the browser claimed), it is turned upright by its EXIF orientation, cut to a square and
 * written as WebP without any of its metadata (EXIF keeps the camera's GPS position).
 * sharp (libvips) decodes and encodes on libuv's thread pool, off the event loop.
 */

type SharpFactory = (input: Buffer, options: SharpOptions) => Sharp;
let loading: Promise<SharpFactory> | undefined;

/** Loaded on the first avatar: the native library adds about 0.15 s to every start otherwise. */
function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // libvips' operation cache would keep decoded photos in memory; no photo is read twice.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

/** Whether the decoded header is one of the formats avatars take; AVIF reads as HEIF with AV1. */
function isAcceptedFormat(metadata: Metadata): boolean {
  switch (metadata.format) {
    case 'png':
    case 'jpeg':
    case 'webp':
    case 'gif':
      return true;
    case 'heif':
      return metadata.compression === 'av1';
    default:
      // SVG, TIFF, PDF and the rest libvips could open are refused: an avatar is a photo.
      return false;
  }
}

const notAnImage = () => new AppError('avatar_not_image');
const tooLarge = () => new AppError('avatar_too_large');

/** libvips refuses a picture over the pixel limit already when reading its header. */
const refusalOf = (error: unknown) =>
  error instanceof Error && /pixel limit/i.test(error.message) ? tooLarge() : notAnImage();

/**
 * The avatar made from an uploaded file: a AVATAR_SIZE_PX square WebP. Throws avatar_not_image
 * for content that is not a PNG, JPEG, WebP, GIF or AVIF image (or is damaged), and
 * avatar_too_large for one of more than AVATAR_MAX_PIXELS pixels, which is refused from its
 * header before a single pixel is decoded.
 */
export async function makeAvatarImage(data: Buffer): Promise<Buffer> {
  if (data.length === 0) throw notAnImage();
  const sharp = await loadSharp();
  // The first frame of an animation; damaged data is an error, not a grey half-picture.
  const options: SharpOptions = { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error', pages: 1 };
  let metadata: Metadata;
  try {
    metadata = await sharp(data, options).metadata();
  } catch (error) {
    throw refusalOf(error);
  }
  if (!isAcceptedFormat(metadata)) throw notAnImage();
  try {
    return await sharp(data, options)
      .autoOrient()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    // Past the header: a file damaged further on (or a frame larger than the header said).
    throw refusalOf(error);
  }
}
