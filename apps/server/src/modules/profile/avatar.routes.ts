import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import { readAvatarFile, removeAvatar, uploadAvatar } from './avatar';
import { AVATAR_UPLOAD_LIMITS, readAvatarUpload } from './avatar-upload';

const tags = ['profile'];
/** A key is never reused for another picture, so a browser may keep the file for good. */
const CACHE_FOR_GOOD = 'public, max-age=31536000, immutable';

/** Upload and removal, in the signed-in scope; the multipart parser is theirs alone. */
export async function avatarRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(fastifyMultipart, { limits: AVATAR_UPLOAD_LIMITS, throwFileSizeLimit: false });
  const on = routeTable(app, { tags });
  on(
    'profile.uploadAvatar',
    {
      schema: {
        consumes: ['multipart/form-data'],
        description: 'Multipart: one PNG, JPEG, WebP, GIF or AVIF file of at most 20 MB.',
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      return uploadAvatar(ctx, actor, await readAvatarUpload(request));
    },
  );
  on('profile.removeAvatar', async (request) => removeAvatar(ctx, requireAuth(request)));
}

/** The avatar files, served without a session: an img tag cannot send the bearer token. */
export async function avatarFileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags });
  on('profile.avatarFile', { schema: { produces: ['image/webp'] } }, async (request, reply) => {
    const image = await readAvatarFile(ctx, request.params.key);
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', CACHE_FOR_GOOD)
      .header('x-content-type-options', 'nosniff')
      .send(image);
  });
}
