import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { updateUserSettingsInputSchema, userSettingsSchema } from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { requireAuth } from '../../plugins/authenticate';
import { getUserSettings, updateUserSettings } from './user-settings';

const tags = ['settings'];

export async function settingsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/settings', { schema: { tags, response: { 200: userSettingsSchema } } }, async (request) =>
    getUserSettings(ctx, requireAuth(request).userId),
  );
  r.patch(
    '/settings',
    { schema: { tags, body: updateUserSettingsInputSchema, response: { 200: userSettingsSchema } } },
    async (request) => updateUserSettings(ctx, requireAuth(request).userId, request.body),
  );
}
