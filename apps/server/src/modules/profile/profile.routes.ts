import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import { loadUserView } from '../auth';
import { avatarRoutes } from './avatar.routes';
import { updateProfile } from './update-profile';

const tags = ['profile'];

export async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags });
  on('profile.get', async (request) => loadUserView(ctx.db, requireAuth(request).userId, ctx.clock.now()));
  on('profile.update', async (request) => updateProfile(ctx, requireAuth(request), request.body));
  await app.register(avatarRoutes, { ctx });
}
