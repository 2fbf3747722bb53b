import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  createMessageTemplateInputSchema,
  createPersonaInputSchema,
  messageTemplateListSchema,
  messageTemplateParamsSchema,
  messageTemplateSchema,
  okSchema,
  personaIdParamsSchema,
  personaListSchema,
  personaSchema,
  personaStatsSchema,
  updateMessageTemplateInputSchema,
  updatePersonaInputSchema,
} from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
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

/** Personas (spec §2 Personas, §3, §7) and their message templates. */
export async function personasRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = personaIdParamsSchema;
  r.get('/personas', { schema: { tags, response: { 200: personaListSchema } } }, async (request) => ({
    items: await listPersonas(ctx, requireAuth(request).userId),
  }));
  r.post(
    '/personas',
    { schema: { tags, body: createPersonaInputSchema, response: { 201: personaSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createPersona(ctx, requireAuth(request).userId, request.body)),
  );
  r.get('/personas/:id', { schema: { tags, params, response: { 200: personaSchema } } }, async (request) =>
    getPersona(ctx.db, requireAuth(request).userId, request.params.id),
  );
  r.patch(
    '/personas/:id',
    { schema: { tags, params, body: updatePersonaInputSchema, response: { 200: personaSchema } } },
    async (request) => updatePersona(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  r.delete('/personas/:id', { schema: { tags, params, response: { 200: okSchema } } }, async (request) => {
    await deletePersona(ctx, requireAuth(request).userId, request.params.id);
    return { ok: true as const };
  });
  r.post(
    '/personas/:id/twin-voice',
    { schema: { tags, params, response: { 200: personaSchema } } },
    async (request) => makeTwinVoice(ctx, requireAuth(request).userId, request.params.id),
  );
  r.get(
    '/personas/:id/stats',
    { schema: { tags, params, response: { 200: personaStatsSchema } } },
    async (request) => personaStats(ctx, requireAuth(request).userId, request.params.id),
  );
  r.get(
    '/personas/:id/templates',
    { schema: { tags, params, response: { 200: messageTemplateListSchema } } },
    async (request) => ({
      items: await listMessageTemplates(ctx, requireAuth(request).userId, request.params.id),
    }),
  );
  r.post(
    '/personas/:id/templates',
    {
      schema: {
        tags,
        params,
        body: createMessageTemplateInputSchema,
        response: { 201: messageTemplateSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createMessageTemplate(ctx, requireAuth(request).userId, request.params.id, request.body)),
  );
  r.patch(
    '/personas/:id/templates/:templateId',
    {
      schema: {
        tags,
        params: messageTemplateParamsSchema,
        body: updateMessageTemplateInputSchema,
        response: { 200: messageTemplateSchema },
      },
    },
    async (request) =>
      updateMessageTemplate(
        ctx,
        requireAuth(request).userId,
        request.params.id,
        request.params.templateId,
        request.body,
      ),
  );
  r.delete(
    '/personas/:id/templates/:templateId',
    { schema: { tags, params: messageTemplateParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      await deleteMessageTemplate(
        ctx,
        requireAuth(request).userId,
        request.params.id,
        request.params.templateId,
      );
      return { ok: true as const };
    },
  );
}
