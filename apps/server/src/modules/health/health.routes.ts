import type { FastifyInstance } from 'fastify';
import { routeTable } from '../../lib/typed-routes';

/** Liveness answers while the process runs; readiness also needs the database. Probes run every few seconds, so they log only problems. */
export async function healthRoutes(app: FastifyInstance, { ping }: { ping: () => Promise<void> }) {
  const on = routeTable(app);
  on('health.live', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  on('health.ready', { logLevel: 'warn' }, async (_request, reply) => {
    try {
      await ping();
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
