import type { FastifyInstance } from 'fastify';
import { type ChatStreamEvent } from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { abortOnClose, openEventStream, streamError } from '../../lib/event-stream';
import { requireAuth } from '../../plugins/authenticate';
import { agentStatus } from './agent-status';
import { startChatAnswer } from './answer-chat-message';
import { clearChatMessages, listChatMessages } from './chat-history';

const tags = ['agent'];

/** The agent console: the kept conversation, messages and status. */
export async function agentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags });
  on('agent.messages', async (request) => ({
    items: await listChatMessages(ctx, requireAuth(request).userId),
  }));
  on('agent.clearMessages', async (request) => {
    await clearChatMessages(ctx, requireAuth(request).userId);
    return { ok: true as const };
  });
  on('agent.status', async (request) => agentStatus(ctx, requireAuth(request)));
  // Server-sent events: documented in contracts (chatStreamEventSchema), not as JSON.
  on('agent.sendMessage', async (request, reply) => {
    // Refusals (bad input, token quota) happen here and answer as plain JSON errors.
    const answer = await startChatAnswer(ctx, requireAuth(request), request.body, abortOnClose(reply));
    const stream = openEventStream<ChatStreamEvent>(reply);
    stream.send({ type: 'user', message: answer.userMessage });
    if (answer.kind === 'cleared') {
      stream.send({ type: 'cleared' });
      stream.end();
      return;
    }
    let text = '';
    try {
      for await (const event of answer.events) {
        if (event.type === 'delta') text += event.text;
        stream.send(event);
      }
      stream.send({ type: 'done', message: await answer.save(text) });
    } catch (error) {
      stream.send({ type: 'error', error: streamError(ctx, error, 'agent answer') });
    } finally {
      stream.end();
    }
  });
}
