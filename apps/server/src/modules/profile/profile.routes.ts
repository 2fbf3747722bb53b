import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { updateProfileInputSchema, userSchema } from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { requireAuth } from '../../plugins/authenticate';
import { loadUserView } from '../auth/user-view';
import { updateProfile } from './update-profile';

const tags = ['profile'];

export async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/me', { schema: { tags, response: { 200: userSchema } } }, async (request) =>
    loadUserView(ctx.db, requireAuth(request).userId, ctx.clock.now()),
  );
  r.patch(
    '/me',
    { schema: { tags, body: updateProfileInputSchema, response: { 200: userSchema } } },
    async (request) => updateProfile(ctx, requireAuth(request), request.body),
  );
}
