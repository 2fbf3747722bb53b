import type { FastifyInstance } from 'fastify';

/** Liveness answers while the process runs; readiness also needs the database. */
export async function healthRoutes(app: FastifyInstance, { ping }: { ping: () => Promise<void> }) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await ping();
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
