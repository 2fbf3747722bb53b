import type { WhatsAppTemplate, WhatsAppTemplateList } from '@doppel/contracts';
import { and, communicationHistory, eq, gte, sql, type DbOrTx } from '@doppel/db';
import { whatsAppAdapter } from '../../integrations/messengers/adapters';
import { WhatsAppGraphError, type WhatsAppTemplateMessage } from '../../integrations/messengers/whatsapp';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { connectionFor, credentialsOf, findConnection, messengerFailure } from './messenger-connections';

/*
 * WhatsApp's approved message templates (docs/decisions/034). WhatsApp lets a business write
 * free text only within 24 hours of the person's last message (the customer-service window);
 * outside it, only an approved template opens the conversation. Templates are listed from the
 * WhatsApp Business Account, whose id is the connection's optional `business_account_id`.
 */

/** How long after a person's last message free text may be sent to them. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

type ConnectionRow = Awaited<ReturnType<typeof findConnection>>;

async function templatesOf(ctx: AppContext, row: ConnectionRow): Promise<WhatsAppTemplateList> {
  const credentials = credentialsOf(ctx, row);
  if (!credentials.business_account_id) return { hasBusinessAccount: false, items: [] };
  const items = await whatsAppAdapter(ctx.config).listTemplates(credentials).catch(messengerFailure);
  return { hasBusinessAccount: true, items };
}

/**
 * GET /api/messengers/:id/whatsapp-templates: the connection's approved templates. Another
 * user's or an unknown connection is not found; another platform's is whatsapp_connection_required.
 */
export async function listWhatsAppTemplates(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<WhatsAppTemplateList> {
  const row = await findConnection(ctx, userId, id);
  if (row.platform !== 'whatsapp') throw new AppError('whatsapp_connection_required');
  // A sample connection has no account to ask.
  if (row.isSample) throw new AppError('demo_restricted');
  return templatesOf(ctx, row);
}

/**
 * The approved templates of the user's WhatsApp connection, for a campaign choosing one; no
 * connection, or one without its business account id, is whatsapp_connection_required.
 */
export async function approvedWhatsAppTemplates(
  ctx: AppContext,
  userId: string,
): Promise<WhatsAppTemplate[]> {
  const row = await connectionFor(ctx, userId, 'whatsapp');
  if (!row || row.isSample) throw new AppError('whatsapp_connection_required');
  const list = await templatesOf(ctx, row);
  if (!list.hasBusinessAccount) throw new AppError('whatsapp_connection_required');
  return list.items;
}

/**
 * Whether the contact wrote on WhatsApp within the last 24 hours (communication_history), so
 * free text may reach them.
 */
export async function whatsAppWindowOpen(
  db: DbOrTx,
  userId: string,
  contactId: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(communicationHistory)
    .where(
      and(
        eq(communicationHistory.userId, userId),
        eq(communicationHistory.contactId, contactId),
        eq(communicationHistory.direction, 'inbound'),
        eq(communicationHistory.channel, 'whatsapp'),
        gte(communicationHistory.occurredAt, new Date(now.getTime() - WHATSAPP_WINDOW_MS)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Sends an approved template to a handle through the WhatsApp connection, counted for /metrics
 * like every other message (sendThroughMessenger). Throws the platform's MessengerError.
 */
export async function sendWhatsAppTemplate(
  ctx: AppContext,
  connection: ConnectionRow,
  handle: string,
  message: WhatsAppTemplateMessage,
): Promise<{ externalId: string }> {
  if (connection.platform !== 'whatsapp') throw new Error('Templates are sent through WhatsApp');
  try {
    const sent = await whatsAppAdapter(ctx.config).sendTemplate(
      credentialsOf(ctx, connection),
      handle,
      message,
    );
    ctx.metrics.recordOutboundSend('whatsapp', 'sent');
    return sent;
  } catch (error) {
    ctx.metrics.recordOutboundSend('whatsapp', 'failed');
    throw error;
  }
}

/**
 * The code a WhatsApp refusal means for the user, when it is about the window or the template:
 * free text refused as a re-engagement message needs a template; a template that no longer
 * matches the approved one must be chosen again. Null for any other failure.
 */
export function whatsAppRefusalCode(
  error: unknown,
): 'whatsapp_template_required' | 'whatsapp_template_invalid' | null {
  if (!(error instanceof WhatsAppGraphError)) return null;
  if (error.needsTemplate) return 'whatsapp_template_required';
  if (error.templateMismatch) return 'whatsapp_template_invalid';
  return null;
}
