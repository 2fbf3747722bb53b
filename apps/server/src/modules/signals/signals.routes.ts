import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  createSignalSourceInputSchema,
  importJobChangesInputSchema,
  jobChangeImportReportSchema,
  jobChangeInputSchema,
  jobChangeResultSchema,
  listSignalItemsQuerySchema,
  okSchema,
  pollSignalSourceResultSchema,
  signalItemListSchema,
  signalSourceIdParamsSchema,
  signalSourceListSchema,
  signalSourceSchema,
  updateSignalSourceInputSchema,
} from '@doppel/contracts';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
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
const params = signalSourceIdParamsSchema;

/** The Signals view (docs/decisions/020): sources, their items, and job changes. */
export async function signalsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/signals/sources',
    { schema: { tags, response: { 200: signalSourceListSchema } } },
    async (request) => listSignalSources(ctx, requireAuth(request).userId),
  );
  r.post(
    '/signals/sources',
    { schema: { tags, body: createSignalSourceInputSchema, response: { 201: signalSourceSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createSignalSource(ctx, requireAuth(request).userId, request.body)),
  );
  r.patch(
    '/signals/sources/:id',
    { schema: { tags, params, body: updateSignalSourceInputSchema, response: { 200: signalSourceSchema } } },
    async (request) => updateSignalSource(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  r.delete(
    '/signals/sources/:id',
    { schema: { tags, params, response: { 200: okSchema } } },
    async (request) => {
      await deleteSignalSource(ctx, requireAuth(request).userId, request.params.id);
      return { ok: true as const };
    },
  );
  r.post(
    '/signals/sources/:id/poll',
    { schema: { tags, params, response: { 202: pollSignalSourceResultSchema } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      // Sandboxes show sample sources; fetching the outside world for them is off.
      if (auth.isDemo) throw new AppError('demo_restricted', POLLING_OFF_IN_DEMO);
      await requestPoll(ctx, auth.userId, request.params.id);
      return reply.code(202).send({ queued: true as const });
    },
  );
  r.get(
    '/signals/sources/:id/items',
    {
      schema: {
        tags,
        params,
        querystring: listSignalItemsQuerySchema,
        response: { 200: signalItemListSchema },
      },
    },
    async (request) => ({
      items: await listSignalItems(ctx, requireAuth(request).userId, request.params.id, request.query),
    }),
  );
  r.get(
    '/signals/job-changes',
    { schema: { tags, querystring: listSignalItemsQuerySchema, response: { 200: signalItemListSchema } } },
    async (request) => ({
      items: await listItemsOfKind(ctx, requireAuth(request).userId, 'job_change', request.query),
    }),
  );
  r.post(
    '/signals/job-changes',
    {
      schema: {
        tags,
        body: jobChangeInputSchema,
        response: { 200: jobChangeResultSchema, 201: jobChangeResultSchema },
      },
    },
    async (request, reply) => {
      const result = await recordJobChange(ctx, requireAuth(request).userId, request.body);
      return reply.code(result.status === 'created' ? 201 : 200).send(result);
    },
  );
  r.post(
    '/signals/job-changes/import',
    {
      // A CSV of up to 1 MB arrives as JSON text; the default body limit is 1 MB in all.
      bodyLimit: 2 * 1024 * 1024,
      schema: { tags, body: importJobChangesInputSchema, response: { 200: jobChangeImportReportSchema } },
    },
    async (request) => importJobChanges(ctx, requireAuth(request).userId, request.body),
  );
}
