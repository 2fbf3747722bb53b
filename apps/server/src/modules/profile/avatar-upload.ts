import type { FastifyRequest } from 'fastify';
import { AVATAR_MAX_BYTES } from '@doppel/contracts';
import { AppError } from '../../lib/app-error';
import { refuseUnstorableText } from '../../plugins/refuse-hostile-text';

/** The multipart parser's limits for an avatar: one file, read no further than the cap. */
export const AVATAR_UPLOAD_LIMITS = {
  fileSize: AVATAR_MAX_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  parts: 6,
};

/**
 * The one file of an avatar upload, whatever its field is called (the knowledge upload's rules:
 * decision 039's reasons for a body that is no readable form, decision 028's for names no
 * column could store). A file past the cap is read no further and refused as too large.
 */
export async function readAvatarUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError('validation_failed', 'Send the photo as multipart/form-data.', {
      reason: 'upload_not_multipart',
    });
  }
  let photo: { data: Buffer; truncated: boolean } | undefined;
  try {
    for await (const part of request.parts()) {
      if (!part.fieldname) {
        throw new AppError('validation_failed', 'Every part of the upload needs a name.', {
          reason: 'upload_part_unnamed',
        });
      }
      refuseUnstorableText(part.fieldname);
      if (part.type === 'field') {
        refuseUnstorableText(String(part.value));
        continue;
      }
      refuseUnstorableText(part.filename);
      photo = { data: await part.toBuffer(), truncated: part.file.truncated };
    }
  } catch (error) {
    // The plugin's own errors carry their status (413 past the part limits); the parser
    // underneath (busboy) throws plain errors for a body it cannot read.
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw new AppError('validation_failed', 'The upload is not a readable multipart/form-data body.', {
      reason: 'upload_unreadable',
    });
  }
  if (!photo) throw new AppError('validation_failed', 'Choose a photo.', { reason: 'upload_no_files' });
  if (photo.truncated) throw new AppError('avatar_too_large');
  return photo.data;
}
