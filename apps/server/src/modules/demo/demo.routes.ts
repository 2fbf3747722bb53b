import type { FastifyInstance } from 'fastify';
import { DEMO_SANDBOX_TTL_HOURS } from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { clientInfo, setRefreshCookie } from '../../plugins/authenticate';
import { createSameOriginHook } from '../../plugins/same-origin';
import { languageFromHeader } from '../../lib/request-language';
import { startDemo } from './start-demo';

export async function demoRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Entering a demo replaces the browser's refresh cookie, so another site must not do it.
  app.addHook('onRequest', createSameOriginHook(ctx.config.publicUrl));
  routeTable(app, { tags: ['demo'] })('demo.start', async (request, reply) => {
    const language = request.body?.language ?? languageFromHeader(request.headers['accept-language']);
    const issued = await startDemo(ctx, { language }, clientInfo(request));
    setRefreshCookie(reply, ctx, issued.refreshToken, DEMO_SANDBOX_TTL_HOURS * 3600);
    return issued.session;
  });
}
