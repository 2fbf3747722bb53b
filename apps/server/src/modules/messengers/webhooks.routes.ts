import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messengerPlatforms } from '@doppel/contracts';
import { z } from 'zod';
import { messengerAdapter } from '../../integrations/messengers/adapters';
import type { WebhookRequest } from '../../integrations/messengers/messenger-adapter';
import type { AppContext } from '../../lib/context';
import { allows, credentialsOf, recordWebhookDelivering, webhookConnection } from './messenger-connections';
import { acceptInboundMessages } from './receive-message';

/** Bot platforms call webhooks; a mailbox (email) is read over IMAP instead. */
const webhookPlatforms = messengerPlatforms.filter((platform) => platform !== 'email') as [
  Exclude<(typeof messengerPlatforms)[number], 'email'>,
  ...Array<Exclude<(typeof messengerPlatforms)[number], 'email'>>,
];
const params = z.object({ platform: z.enum(webhookPlatforms), connectionId: z.uuid() });

function headerMap(request: FastifyRequest): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
  );
}

/**
 * Inbound webhooks of the messenger platforms: /webhooks/<platform>/<connection>.
 * The raw body is kept for the signature checks; a request is verified by the connection's own
 * secrets, deduplicated by the platform's event id, and answered at once — the work happens in a
 * job. Refused requests are logged without their body and change nothing.
 */
export async function webhooksRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Signatures cover the bytes as sent, so nothing here parses the body before the adapter.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = params.safeParse(request.params);
    if (!parsed.success) return reply.code(404).send({ error: { code: 'not_found', message: 'Not found' } });
    const { platform, connectionId } = parsed.data;
    const connection = await webhookConnection(ctx, platform, connectionId);
    if (!connection) {
      request.log.warn({ platform, connectionId }, 'webhook for an unknown connection refused');
      return reply.code(404).send({ error: { code: 'not_found', message: 'Not found' } });
    }
    const webhook: WebhookRequest = {
      method: request.method === 'GET' ? 'GET' : 'POST',
      headers: headerMap(request),
      query: request.query as Record<string, string | undefined>,
      rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      now: ctx.clock.now(),
    };
    const outcome = messengerAdapter(ctx.config, platform).readWebhook(
      { credentials: credentialsOf(ctx, connection), inboundSecretHash: connection.inboundSecretHash },
      webhook,
    );
    if (outcome.kind === 'refused') {
      request.log.warn({ platform, connectionId, reason: outcome.reason }, 'webhook refused');
      return reply.code(outcome.status).send({
        error: {
          code: outcome.status === 400 ? 'validation_failed' : 'unauthorized',
          message: outcome.reason,
        },
      });
    }
    if (!connection.inboundRegistered) {
      // A request signed with the connection's own secrets: the platform now delivers here (a
      // Slack app's Request URL was set), so the poll stops and each message comes one way only.
      await recordWebhookDelivering(ctx, connection.id);
    }
    if (outcome.kind === 'handshake') {
      if (outcome.contentType) reply.type(outcome.contentType);
      return reply.code(outcome.status).send(outcome.body);
    }
    if (!connection.isConnected || !allows(connection, 'read_messages')) {
      // The platform must still get its 200, or it retries for hours.
      request.log.info({ platform, connectionId }, 'message ignored: reading is turned off');
    } else if (outcome.messages.length > 0) {
      await acceptInboundMessages(ctx, connection, outcome.messages);
    }
    const answer = outcome.reply ?? { status: 200, body: { ok: true } };
    return reply.code(answer.status).send(answer.body);
  };
  // Request lines are not logged: WhatsApp's handshake carries the verify token in its query.
  // Refusals are still logged, at warn, with our own fields only.
  const options = { schema: { hide: true }, logLevel: 'warn' as const };
  app.get('/webhooks/:platform/:connectionId', options, handle);
  app.post('/webhooks/:platform/:connectionId', options, handle);
}
