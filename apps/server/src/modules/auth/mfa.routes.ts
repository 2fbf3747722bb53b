import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import {
  confirmMfaSetup,
  disableMfa,
  mfaStatus,
  regenerateRecoveryCodes,
  startMfaSetup,
  type MfaRequester,
} from './mfa-settings';

const tags = ['mfa'];

function requester(request: FastifyRequest): MfaRequester {
  const { userId, isDemo } = requireAuth(request);
  return { userId, isDemo, ip: request.ip };
}

/** Settings → Security (signed in); the code step of sign-in is in auth.routes.ts. */
export async function mfaRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags });
  on('mfa.status', async (request) => mfaStatus(ctx, requireAuth(request).userId));
  on('mfa.startSetup', async (request) => startMfaSetup(ctx, requester(request), request.body));
  on('mfa.confirmSetup', async (request) => confirmMfaSetup(ctx, requester(request), request.body));
  on('mfa.regenerateRecoveryCodes', async (request) =>
    regenerateRecoveryCodes(ctx, requester(request), request.body),
  );
  on('mfa.disable', async (request) => disableMfa(ctx, requester(request), request.body));
}
