import type { FastifyInstance } from 'fastify';
import type { DraftStreamEvent } from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import {
  bulkChangeTasks,
  createTask,
  deleteTask,
  saveTaskResponses,
  updateTask,
  updateTaskStatus,
} from './task-commands';
import { countTasks } from './count-tasks';
import { retryTaskDelivery, sendTaskMessage } from './send-task-message';
import { generateTaskDrafts, startTaskDraft, translateDraft } from './task-drafts';
import { abortOnClose, openEventStream, streamError } from '../../lib/event-stream';
import { getTask, listCheckedTasks } from './task-queries';

/**
 * A cached task page is one object shared by every request for it until the user's tasks
 * change, so its JSON is written once and sent as it is after that.
 */
const pageJson = new WeakMap<object, string>();
function serializedOnce(page: unknown): string {
  if (typeof page !== 'object' || page === null) return JSON.stringify(page);
  let json = pageJson.get(page);
  if (json === undefined) {
    json = JSON.stringify(page);
    pageJson.set(page, json);
  }
  return json;
}

export async function tasksRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags: ['tasks'] });
  on(
    'tasks.list',
    {
      // The hottest route: its page is built by toTaskView from typed rows, so re-checking
      // every item against the zod schema on the way out (a third of the time of a 100-task
      // page) buys nothing. The schema still documents the answer in OpenAPI.
      serializerCompiler: () => serializedOnce,
    },
    // The query was checked and given its defaults by the route's schema: not parsed again.
    async (request) => listCheckedTasks(ctx, requireAuth(request).userId, request.query),
  );
  on('tasks.counts', async (request) => countTasks(ctx, requireAuth(request).userId));
  on('tasks.get', async (request) => getTask(ctx.db, requireAuth(request).userId, request.params.id));
  on('tasks.create', async (request, reply) =>
    reply.code(201).send(await createTask(ctx, requireAuth(request).userId, request.body)),
  );
  on('tasks.updateStatus', async (request) =>
    updateTaskStatus(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  on('tasks.update', async (request) =>
    updateTask(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  on('tasks.bulk', async (request) => bulkChangeTasks(ctx, requireAuth(request).userId, request.body));
  on('tasks.saveResponses', async (request) =>
    saveTaskResponses(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  on('tasks.send', async (request) =>
    sendTaskMessage(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  on('tasks.retryDelivery', async (request) =>
    retryTaskDelivery(ctx, requireAuth(request).userId, request.params.id),
  );
  on('tasks.generateDrafts', async (request) =>
    generateTaskDrafts(ctx, requireAuth(request), request.params.id, request.body),
  );
  // Server-sent events: documented in contracts (draftStreamEventSchema), not as JSON.
  on('tasks.streamDraft', async (request, reply) => {
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
  });
  on('tasks.translate', async (request) =>
    translateDraft(ctx, requireAuth(request), request.params.id, request.body),
  );
  on('tasks.delete', async (request) => {
    await deleteTask(ctx, requireAuth(request).userId, request.params.id);
    return { ok: true as const };
  });
}
