import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import { importJobChanges, recordJobChange } from './job-changes';
import {
  createSignalSource,
  deleteSignalSource,
  listItemsOfKind,
  listSignalItems,
  listSignalSources,
  POLLING_OFF_IN_DEMO,
  requestPoll,
  updateSignalSource,
} from './signal-sources';

const tags = ['signals'];

/** The Signals view (docs/decisions/020): sources, their items, and job changes. */
export async function signalsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags });
  on('signals.sources', async (request) => listSignalSources(ctx, requireAuth(request).userId));
  on('signals.createSource', async (request, reply) =>
    reply.code(201).send(await createSignalSource(ctx, requireAuth(request).userId, request.body)),
  );
  on('signals.updateSource', async (request) =>
    updateSignalSource(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  on('signals.deleteSource', async (request) => {
    await deleteSignalSource(ctx, requireAuth(request).userId, request.params.id);
    return { ok: true as const };
  });
  on('signals.pollSource', async (request, reply) => {
    const auth = requireAuth(request);
    // Sandboxes show sample sources; fetching the outside world for them is off.
    if (auth.isDemo)
      throw new AppError('demo_restricted', POLLING_OFF_IN_DEMO, { reason: 'polling_off_in_demo' });
    await requestPoll(ctx, auth.userId, request.params.id);
    return reply.code(202).send({ queued: true as const });
  });
  on('signals.sourceItems', async (request) => ({
    items: await listSignalItems(ctx, requireAuth(request).userId, request.params.id, request.query),
  }));
  on('signals.jobChanges', async (request) => ({
    items: await listItemsOfKind(ctx, requireAuth(request).userId, 'job_change', request.query),
  }));
  on('signals.recordJobChange', async (request, reply) => {
    const result = await recordJobChange(ctx, requireAuth(request).userId, request.body);
    return reply.code(result.status === 'created' ? 201 : 200).send(result);
  });
  // A CSV of up to 1 MB arrives as JSON text; the default body limit is 1 MB in all.
  on('signals.importJobChanges', { bodyLimit: 2 * 1024 * 1024 }, async (request) =>
    importJobChanges(ctx, requireAuth(request).userId, request.body),
  );
}
