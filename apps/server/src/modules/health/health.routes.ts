import type { FastifyInstance } from 'fastify';
import { errorMessages } from '@doppel/contracts';
import { mayReadMetrics, type Metrics } from '../../lib/metrics';
import { routeTable } from '../../lib/typed-routes';

export interface HealthRoutesOptions {
  ping: () => Promise<void>;
  metrics: Metrics;
  /** METRICS_TOKEN; see mayReadMetrics for who may read /metrics without it. */
  metricsToken: string | undefined;
}

/** Liveness answers while the process runs; readiness also needs the database. Probes run every few seconds, so they log only problems. */
export async function healthRoutes(app: FastifyInstance, { ping, metrics, metricsToken }: HealthRoutesOptions) {
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
  // Prometheus scrapes every few seconds: log only problems, like the probes.
  on('health.metrics', { logLevel: 'warn' }, async (request, reply) => {
    if (!mayReadMetrics(metricsToken, request.raw)) {
      // The same answer as an unknown path: whoever may not read it learns nothing of it.
      return reply.code(404).send({ error: { code: 'not_found', message: errorMessages.not_found } });
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}
