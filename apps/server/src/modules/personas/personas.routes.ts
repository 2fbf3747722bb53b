import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import {
  createMessageTemplate,
  deleteMessageTemplate,
  listMessageTemplates,
  updateMessageTemplate,
} from './message-templates';
import { createPersona, deletePersona, makeTwinVoice, updatePersona } from './persona-commands';
import { getPersona, listPersonas, personaStats } from './persona-queries';

const tags = ['personas'];

/** Personas and their message templates. */
export async function personasRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags });
  on('personas.list', async (request) => ({
    items: await listPersonas(ctx, requireAuth(request).userId),
  }));
  on('personas.create', async (request, reply) =>
    reply.code(201).send(await createPersona(ctx, requireAuth(request).userId, request.body)),
  );
  on('personas.get', async (request) => getPersona(ctx.db, requireAuth(request).userId, request.params.id));
  on('personas.update', async (request) =>
    updatePersona(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  on('personas.delete', async (request) => {
    await deletePersona(ctx, requireAuth(request).userId, request.params.id);
    return { ok: true as const };
  });
  on('personas.makeTwinVoice', async (request) =>
    makeTwinVoice(ctx, requireAuth(request).userId, request.params.id),
  );
  on('personas.stats', async (request) => personaStats(ctx, requireAuth(request).userId, request.params.id));
  on('personas.templates', async (request) => ({
    items: await listMessageTemplates(ctx, requireAuth(request).userId, request.params.id),
  }));
  on('personas.createTemplate', async (request, reply) =>
    reply
      .code(201)
      .send(await createMessageTemplate(ctx, requireAuth(request).userId, request.params.id, request.body)),
  );
  on('personas.updateTemplate', async (request) =>
    updateMessageTemplate(
      ctx,
      requireAuth(request).userId,
      request.params.id,
      request.params.templateId,
      request.body,
    ),
  );
  on('personas.deleteTemplate', async (request) => {
    await deleteMessageTemplate(
      ctx,
      requireAuth(request).userId,
      request.params.id,
      request.params.templateId,
    );
    return { ok: true as const };
  });
}
