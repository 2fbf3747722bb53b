import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import { getUserSettings, updateUserSettings } from './user-settings';

const tags = ['settings'];

export async function settingsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags });
  on('settings.get', async (request) => getUserSettings(ctx, requireAuth(request).userId));
  on('settings.update', async (request) =>
    updateUserSettings(ctx, requireAuth(request).userId, request.body),
  );
}
