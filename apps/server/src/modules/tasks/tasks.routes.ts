import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  createTaskInputSchema,
  generateTaskDraftsInputSchema,
  listTasksQuerySchema,
  okSchema,
  saveTaskResponsesInputSchema,
  sendTaskMessageInputSchema,
  sendTaskMessageResultSchema,
  streamTaskDraftInputSchema,
  type DraftStreamEvent,
  taskCountsSchema,
  taskIdParamsSchema,
  taskPageSchema,
  taskSchema,
  translateDraftInputSchema,
  translateDraftResultSchema,
  updateTaskStatusInputSchema,
} from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { requireAuth } from '../../plugins/authenticate';
import { createTask, deleteTask, saveTaskResponses, updateTaskStatus } from './task-commands';
import { countTasks } from './count-tasks';
import { sendTaskMessage } from './send-task-message';
import { generateTaskDrafts, startTaskDraft, translateDraft } from './task-drafts';
import { abortOnClose, openEventStream, streamError } from '../../lib/event-stream';
import { getTask, listTasks } from './task-queries';

const tags = ['tasks'];

export async function tasksRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/tasks',
    {
      schema: { tags, querystring: listTasksQuerySchema, response: { 200: taskPageSchema } },
      // The hottest route: its page is built by toTaskView from typed rows, so re-checking
      // every item against the zod schema on the way out (a third of the time of a 100-task
      // page) buys nothing. The schema still documents the answer in OpenAPI.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => listTasks(ctx, requireAuth(request).userId, request.query),
  );
  r.get('/tasks/counts', { schema: { tags, response: { 200: taskCountsSchema } } }, async (request) =>
    countTasks(ctx, requireAuth(request).userId),
  );
  r.get(
    '/tasks/:id',
    { schema: { tags, params: taskIdParamsSchema, response: { 200: taskSchema } } },
    async (request) => getTask(ctx.db, requireAuth(request).userId, request.params.id),
  );
  r.post(
    '/tasks',
    { schema: { tags, body: createTaskInputSchema, response: { 201: taskSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createTask(ctx, requireAuth(request).userId, request.body)),
  );
  r.patch(
    '/tasks/:id/status',
    {
      schema: {
        tags,
        params: taskIdParamsSchema,
        body: updateTaskStatusInputSchema,
        response: { 200: taskSchema },
      },
    },
    async (request) => updateTaskStatus(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  r.patch(
    '/tasks/:id/responses',
    {
      schema: {
        tags,
        params: taskIdParamsSchema,
        body: saveTaskResponsesInputSchema,
        response: { 200: taskSchema },
      },
    },
    async (request) => saveTaskResponses(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  r.post(
    '/tasks/:id/send',
    {
      schema: {
        tags,
        params: taskIdParamsSchema,
        body: sendTaskMessageInputSchema,
        response: { 200: sendTaskMessageResultSchema },
      },
    },
    async (request) => sendTaskMessage(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  r.post(
    '/tasks/:id/drafts',
    {
      schema: {
        tags,
        params: taskIdParamsSchema,
        body: generateTaskDraftsInputSchema,
        response: { 200: taskSchema },
      },
    },
    async (request) => generateTaskDrafts(ctx, requireAuth(request), request.params.id, request.body),
  );
  r.post(
    '/tasks/:id/drafts/stream',
    // Server-sent events: documented in contracts (draftStreamEventSchema), not as JSON.
    { schema: { tags, params: taskIdParamsSchema, body: streamTaskDraftInputSchema } },
    async (request, reply) => {
      // Refusals (unknown task, quota, demo rules) happen here and answer as plain JSON errors.
      const draft = await startTaskDraft(
        ctx,
        requireAuth(request),
        request.params.id,
        request.body,
        abortOnClose(reply),
      );
      const stream = openEventStream<DraftStreamEvent>(reply);
      let text = '';
      try {
        for await (const delta of draft.textStream) {
          text += delta;
          stream.send({ type: 'delta', text: delta });
        }
        stream.send({ type: 'done', task: await draft.save(text), engine: draft.engine });
      } catch (error) {
        stream.send({ type: 'error', error: streamError(ctx, error, 'draft stream') });
      } finally {
        stream.end();
      }
    },
  );
  r.post(
    '/tasks/:id/translate',
    {
      schema: {
        tags,
        params: taskIdParamsSchema,
        body: translateDraftInputSchema,
        response: { 200: translateDraftResultSchema },
      },
    },
    async (request) => translateDraft(ctx, requireAuth(request), request.params.id, request.body),
  );
  r.delete(
    '/tasks/:id',
    { schema: { tags, params: taskIdParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      await deleteTask(ctx, requireAuth(request).userId, request.params.id);
      return { ok: true as const };
    },
  );
}
