import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import {
  disconnectSocialAccount,
  finishSocialConnect,
  listSocialAccounts,
  removeSocialApp,
  saveSocialApp,
  startSocialConnect,
} from './social-accounts';

const tags = ['social-accounts'];

/** Settings → Messengers → Reddit and LinkedIn. */
export async function socialAccountsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags });
  /** A demo sandbox has no accounts of its own and must not make the server call out. */
  const signedInForReal = (request: Parameters<typeof requireAuth>[0]) => {
    const auth = requireAuth(request);
    if (auth.isDemo) throw new AppError('demo_restricted');
    return auth;
  };
  on('socialAccounts.list', async (request) => ({
    items: await listSocialAccounts(ctx, requireAuth(request).userId),
  }));
  on('socialAccounts.saveApp', async (request) =>
    saveSocialApp(ctx, signedInForReal(request).userId, request.params.platform, request.body),
  );
  on('socialAccounts.removeApp', async (request) =>
    removeSocialApp(ctx, signedInForReal(request).userId, request.params.platform),
  );
  on('socialAccounts.connect', async (request) =>
    startSocialConnect(ctx, signedInForReal(request).userId, request.params.platform),
  );
  on('socialAccounts.callback', async (request) =>
    finishSocialConnect(ctx, signedInForReal(request).userId, request.params.platform, request.body),
  );
  on('socialAccounts.disconnect', async (request) =>
    disconnectSocialAccount(ctx, requireAuth(request).userId, request.params.platform),
  );
}
