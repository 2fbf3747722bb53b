import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { DEMO_SANDBOX_TTL_HOURS, sessionSchema, startDemoInputSchema } from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { clientInfo, setRefreshCookie } from '../../plugins/authenticate';
import { languageFromHeader } from '../../lib/request-language';
import { startDemo } from './start-demo';

export async function demoRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/demo',
      { schema: { tags: ['demo'], body: startDemoInputSchema.nullish(), response: { 200: sessionSchema } } },
      async (request, reply) => {
        const language = request.body?.language ?? languageFromHeader(request.headers['accept-language']);
        const issued = await startDemo(ctx, { language }, clientInfo(request));
        setRefreshCookie(reply, ctx, issued.refreshToken, DEMO_SANDBOX_TTL_HOURS * 3600);
        return issued.session;
      },
    );
}
