import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context';
import { routeTable } from '../lib/typed-routes';
import { listAiModels } from '../modules/ai-models';
import { draftReply } from './draft-reply';
import { keyOwnerAsActor, keyUsage, withPermission } from './route-permission';

/** /api/v1 AI models (ai_models:read) and drafting with them (ai_models:write). */
export async function aiApi(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app);
  on(
    'v1.listAiModels',
    withPermission('ai_models:read', {
      summary: 'List AI models',
      description:
        'The offline drafting engine, the server default when configured, and the user’s own models (never their API keys); `defaultModelId` is the one drafts use.',
    }),
    async (request) => listAiModels(ctx, keyOwnerAsActor(request)),
  );
  on(
    'v1.draftReply',
    withPermission('ai_models:write', {
      summary: 'Draft a reply',
      description:
        'A draft reply to `message`, written by the user’s default model or, without one, the offline engine (`engine` says which), in the voice of their persona and grounded in their knowledge base. With `contactId` the contact’s name, language and recent history shape it. Nothing is sent or saved.',
    }),
    async (request) => draftReply(ctx, keyOwnerAsActor(request), request.body, keyUsage(request)),
  );
}
