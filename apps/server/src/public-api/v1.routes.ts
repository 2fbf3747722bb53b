import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import type { AppContext } from '../lib/context';
import { routeTable } from '../lib/typed-routes';
import { aiApi } from './ai-api';
import { INVALID_KEY_MESSAGE } from './api-key-auth';
import { contactsApi } from './contacts-api';
import { knowledgeApi } from './knowledge-api';
import { V1_TAG } from './route-permission';

const tags = [V1_TAG];

/**
 * The public REST API, mounted at /api/v1 behind the API-key hook. Each resource's
 * routes check their own permission (requirePermission) and call the same domain functions as
 * the private API, with the key owner's id.
 */
export async function publicApiRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags });
  on(
    'v1.me',
    { schema: { summary: 'The key this request was made with: its name, permissions and limits' } },
    async (request) => {
      const key = request.apiKey;
      if (!key) throw new AppError('unauthorized', INVALID_KEY_MESSAGE);
      return { keyId: key.keyId, name: key.name, permissions: key.permissions, rateLimit: key.rateLimit };
    },
  );
  await app.register(contactsApi, { ctx });
  await app.register(knowledgeApi, { ctx });
  await app.register(aiApi, { ctx });
}
