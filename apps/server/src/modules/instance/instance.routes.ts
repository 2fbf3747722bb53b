import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import {
  instanceInfo,
  listInstanceUsers,
  resetUserMfa,
  setInstanceDefaultQuota,
  setUserQuota,
  verifyUser,
} from './instance-users';

/** Before sign-in: the sign-up screen asks whether this server can send email. */
export async function instancePublicRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  routeTable(app, { tags: ['instance'] })('instance.info', async () => instanceInfo(ctx));
}

/** The instance owner's Users list. */
export async function instanceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags: ['instance'] });
  on('instance.users', async (request) => listInstanceUsers(ctx, requireAuth(request).userId));
  on('instance.setUserQuota', async (request) => {
    await setUserQuota(ctx, requireAuth(request).userId, request.params.id, request.body);
    return listInstanceUsers(ctx, requireAuth(request).userId);
  });
  on('instance.setDefaultQuota', async (request) => {
    await setInstanceDefaultQuota(ctx, requireAuth(request).userId, request.body);
    return listInstanceUsers(ctx, requireAuth(request).userId);
  });
  on('instance.resetUserMfa', async (request) => {
    await resetUserMfa(ctx, requireAuth(request).userId, request.params.id);
    return listInstanceUsers(ctx, requireAuth(request).userId);
  });
  on('instance.verifyUser', async (request) => {
    await verifyUser(ctx, requireAuth(request).userId, request.params.id);
    return listInstanceUsers(ctx, requireAuth(request).userId);
  });
}
