import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import { forgetLearnedVoice, learnedVoice } from './voice-examples';

const tags = ['learned-voice'];

/** Settings → Learned voice: what the twin learned from the user's edits, and forgetting it. */
export async function learnedVoiceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags });
  on('learnedVoice.get', async (request) => learnedVoice(ctx, requireAuth(request).userId));
  on('learnedVoice.forget', async (request) => forgetLearnedVoice(ctx, requireAuth(request).userId));
}
