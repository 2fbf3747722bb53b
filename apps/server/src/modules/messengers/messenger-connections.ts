import { randomBytes, randomUUID } from 'node:crypto';
import {
  connectMessengerInputSchema,
  credentialFields,
  mailboxFailures,
  messengerPermissions,
  updateMessengerInputSchema,
  type ConnectMessengerInput,
  type MessengerConnection,
  type MessengerPermission,
  type MessengerPlatform,
  type UpdateMessengerInput,
} from '@doppel/contracts';
import { knownCode } from '../../lib/known-code';
import { and, eq, mailboxSync, messengerConnections, type DbOrTx } from '@doppel/db';
import { messengerAdapter } from '../../integrations/messengers/adapters';
import { MessengerError, type Credentials } from '../../integrations/messengers/messenger-adapter';
import { hashInboundSecret } from '../../integrations/messengers/webhook-reading';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { emailCredentialProblems, mailboxSettingsOf, verifyMailbox } from './mailbox';
import { startMailboxRead } from './mailbox-sync-state';

export const CONNECTION_NOT_FOUND = 'Messenger connection not found';

type ConnectionRow = typeof messengerConnections.$inferSelect;

/** What the API shows of a credential: the last 4 characters of a secret, a public id as is. */
function hint(value: string, secret: boolean): string {
  if (!secret) return value;
  return value.length <= 8 ? '••••' : `••••${value.slice(-4)}`;
}

/** Where the platform sends this connection's messages. */
export function inboundUrl(ctx: AppContext, platform: MessengerPlatform, id: string, base?: string): string {
  return `${(base || ctx.config.publicUrl).replace(/\/+$/, '')}/webhooks/${platform}/${id}`;
}

type MailboxSyncRow = typeof mailboxSync.$inferSelect;

/** The API's view of a connection; an email connection's with how reading its mailbox goes. */
export async function describeConnection(ctx: AppContext, row: ConnectionRow): Promise<MessengerConnection> {
  if (row.platform !== 'email') return toMessengerConnection(ctx, row, null);
  const [sync] = await ctx.db.select().from(mailboxSync).where(eq(mailboxSync.connectionId, row.id));
  return toMessengerConnection(ctx, row, sync ?? null);
}

function toMessengerConnection(
  ctx: AppContext,
  row: ConnectionRow,
  sync: MailboxSyncRow | null,
): MessengerConnection {
  return {
    id: row.id,
    platform: row.platform,
    username: row.username,
    isConnected: row.isConnected,
    permissions: row.permissions,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    health: {
      status: row.healthStatus,
      checkedAt: row.healthCheckedAt?.toISOString() ?? null,
      error: row.healthError,
    },
    credentialHints: row.credentialHints,
    inbound: {
      url:
        row.platform === 'email'
          ? ''
          : inboundUrl(ctx, row.platform, row.id, row.credentialHints.webhook_url),
      registered: row.inboundRegistered,
    },
    mailbox:
      row.platform === 'email'
        ? {
            state: sync?.state ?? 'idle',
            done: sync?.done ?? 0,
            total: sync?.total ?? 0,
            error: knownCode(mailboxFailures, sync?.error ?? null),
          }
        : null,
    isSample: row.isSample,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The connection's credentials, decrypted; only for calling the platform, never returned. */
export function credentialsOf(ctx: AppContext, row: ConnectionRow): Credentials {
  return JSON.parse(ctx.secrets.decryptSecret(row.credentials, row.id)) as Credentials;
}

/**
 * Sends a text to a handle through a connection, counting the outcome for /metrics; every
 * message to a contact leaves through here. Throws the platform's MessengerError on refusal.
 */
export async function sendThroughMessenger(
  ctx: AppContext,
  connection: ConnectionRow,
  handle: string,
  text: string,
): Promise<{ externalId: string }> {
  // Email leaves through the send queue (send-mail.ts), never from inside a request.
  if (connection.platform === 'email') throw new Error('Email is sent with queueEmail');
  try {
    const sent = await messengerAdapter(ctx.config, connection.platform).send(
      credentialsOf(ctx, connection),
      handle,
      text,
    );
    ctx.metrics.recordOutboundSend(connection.platform, 'sent');
    return sent;
  } catch (error) {
    ctx.metrics.recordOutboundSend(connection.platform, 'failed');
    throw error;
  }
}

export async function findConnection(ctx: AppContext, userId: string, id: string): Promise<ConnectionRow> {
  const [row] = await ctx.db
    .select()
    .from(messengerConnections)
    .where(and(eq(messengerConnections.id, id), eq(messengerConnections.userId, userId)));
  if (!row)
    throw new AppError('not_found', CONNECTION_NOT_FOUND, { reason: 'messenger_connection_not_found' });
  return row;
}

/** The user's connection to a platform, when connected. */
export async function connectionFor(
  ctx: AppContext,
  userId: string,
  platform: MessengerPlatform,
): Promise<ConnectionRow | null> {
  const [row] = await ctx.db
    .select()
    .from(messengerConnections)
    .where(and(eq(messengerConnections.userId, userId), eq(messengerConnections.platform, platform)));
  return row?.isConnected ? row : null;
}

/**
 * The connection a webhook names in its URL, whoever owns it — the request is then verified by
 * that connection's own secrets; null when there is none on that platform.
 */
export async function webhookConnection(
  ctx: AppContext,
  platform: MessengerPlatform,
  connectionId: string,
): Promise<ConnectionRow | null> {
  const [row] = await ctx.db
    .select()
    .from(messengerConnections)
    .where(and(eq(messengerConnections.id, connectionId), eq(messengerConnections.platform, platform)));
  return row ?? null;
}

export function allows(row: ConnectionRow, permission: MessengerPermission): boolean {
  return row.permissions.includes(permission);
}

export async function listMessengers(ctx: AppContext, userId: string): Promise<MessengerConnection[]> {
  const rows = await ctx.db
    .select({ connection: messengerConnections, sync: mailboxSync })
    .from(messengerConnections)
    .leftJoin(mailboxSync, eq(mailboxSync.connectionId, messengerConnections.id))
    .where(eq(messengerConnections.userId, userId))
    .orderBy(messengerConnections.createdAt);
  return rows.map(({ connection, sync }) => toMessengerConnection(ctx, connection, sync));
}

/** The platform's fields only, each required one filled; field-level errors name what is missing. */
function checkCredentials(platform: MessengerPlatform, given: Record<string, string>): Credentials {
  const fields = credentialFields[platform];
  const problems: Record<string, string> = {};
  for (const name of Object.keys(given)) {
    if (!fields.some((field) => field.name === name)) problems[`credentials.${name}`] = 'unknown';
  }
  const credentials: Credentials = {};
  for (const field of fields) {
    const value = given[field.name]?.trim() ?? '';
    if (!value) {
      if (field.required) problems[`credentials.${field.name}`] = 'required';
      continue;
    }
    if (field.kind === 'url' && !/^https:\/\/|^http:\/\//i.test(value)) {
      problems[`credentials.${field.name}`] = 'urlInvalid';
      continue;
    }
    credentials[field.name] = value;
  }
  if (platform === 'email') Object.assign(problems, emailCredentialProblems(credentials));
  if (Object.keys(problems).length > 0) {
    throw new AppError('validation_failed', undefined, { fields: problems });
  }
  return credentials;
}

/**
 * Checks credentials against the platform: a bot's token with its API, a mailbox by signing in
 * to IMAP and SMTP. Throws AppError messenger_failed with the reason.
 */
async function verifyCredentials(
  ctx: AppContext,
  platform: MessengerPlatform,
  credentials: Credentials,
): Promise<{ username: string }> {
  if (platform === 'email') return verifyMailbox(mailboxSettingsOf(credentials));
  return messengerAdapter(ctx.config, platform).verify(credentials).catch(messengerFailure);
}

/** A platform's refusal as the API error; the message is ours and names no credential. */
export function messengerFailure(error: unknown): never {
  if (error instanceof MessengerError) throw new AppError('messenger_failed', error.message);
  throw error;
}

/**
 * Connect dialog: checks the credentials against the platform, registers
 * the webhook where the platform allows it (Telegram, with a fresh secret token), and stores the
 * credentials encrypted with the row's id. Connecting a platform again replaces its connection.
 */
export async function connectMessenger(
  ctx: AppContext,
  userId: string,
  input: ConnectMessengerInput,
): Promise<MessengerConnection> {
  const { platform, credentials: given, permissions } = connectMessengerInputSchema.parse(input);
  const credentials = checkCredentials(platform, given);
  const { username } = await verifyCredentials(ctx, platform, credentials);

  const previous = await ctx.db
    .select()
    .from(messengerConnections)
    .where(and(eq(messengerConnections.userId, userId), eq(messengerConnections.platform, platform)));
  const id = previous[0]?.id ?? randomUUID();
  let inboundSecret: string | null = null;
  const adapter = platform === 'email' ? null : messengerAdapter(ctx.config, platform);
  if (adapter?.registerWebhook) {
    const secret = randomBytes(32).toString('hex');
    try {
      await adapter.registerWebhook(
        credentials,
        inboundUrl(ctx, platform, id, credentials.webhook_url),
        secret,
      );
      inboundSecret = secret;
    } catch (error) {
      // Telegram refuses a webhook that is not public https (a local install): the connection
      // then pulls its messages instead (sync and the periodic poll).
      if (!(error instanceof MessengerError) || error.status !== 400) messengerFailure(error);
      ctx.log.info({ platform, reason: error.message }, 'webhook not accepted; messages will be pulled');
    }
  }
  const now = ctx.clock.now();
  const hints = Object.fromEntries(
    credentialFields[platform]
      .filter((field) => credentials[field.name] !== undefined)
      .map((field) => [field.name, hint(credentials[field.name]!, field.secret)]),
  );
  const values = {
    username,
    isConnected: true,
    credentials: ctx.secrets.encryptSecret(JSON.stringify(credentials), id),
    credentialHints: hints,
    permissions: permissions ?? [...messengerPermissions],
    inboundSecretHash: inboundSecret ? hashInboundSecret(inboundSecret) : null,
    inboundRegistered: Boolean(inboundSecret),
    healthStatus: 'ok' as const,
    healthCheckedAt: now,
    healthError: null,
    updatedAt: now,
  };
  const row = await ctx.db.transaction(async (tx) => {
    const [saved] = previous[0]
      ? await tx.update(messengerConnections).set(values).where(eq(messengerConnections.id, id)).returning()
      : await tx
          .insert(messengerConnections)
          .values({ id, userId, platform, createdAt: now, ...values })
          .returning();
    // A mailbox connected anew (another address, say) is read from the start again.
    if (platform === 'email') await startMailboxRead(ctx, tx, saved!, { fresh: true, shown: true });
    return saved!;
  });
  return describeConnection(ctx, row);
}

/** Permissions: read_messages lets messages in, send_messages lets replies out. */
export async function updateMessenger(
  ctx: AppContext,
  userId: string,
  id: string,
  input: UpdateMessengerInput,
): Promise<MessengerConnection> {
  const { permissions } = updateMessengerInputSchema.parse(input);
  await findConnection(ctx, userId, id);
  const [row] = await ctx.db
    .update(messengerConnections)
    .set({ permissions: [...new Set(permissions)], updatedAt: ctx.clock.now() })
    .where(and(eq(messengerConnections.id, id), eq(messengerConnections.userId, userId)))
    .returning();
  return describeConnection(ctx, row!);
}

/**
 * Disconnect (after the user confirmed): removes the webhook Doppel registered, then deletes the
 * connection with its credentials. A platform that cannot be reached does not keep the
 * credentials alive: they are wiped anyway and the failure is logged.
 */
export async function disconnectMessenger(ctx: AppContext, userId: string, id: string): Promise<void> {
  const row = await findConnection(ctx, userId, id);
  const adapter = row.platform === 'email' ? null : messengerAdapter(ctx.config, row.platform);
  if (row.inboundRegistered && adapter?.unregisterWebhook) {
    await adapter.unregisterWebhook(credentialsOf(ctx, row)).catch((error: unknown) => {
      ctx.log.warn({ err: error, connectionId: id }, 'could not remove the webhook on disconnect');
    });
  }
  await ctx.db
    .delete(messengerConnections)
    .where(and(eq(messengerConnections.id, id), eq(messengerConnections.userId, userId)));
}

/**
 * The platform delivered a verified request to the connection's webhook: its messages come that
 * way from now on, and polling (sync-messenger.ts) leaves the connection alone.
 */
export async function recordWebhookDelivering(ctx: AppContext, connectionId: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .update(messengerConnections)
    .set({ inboundRegistered: true, updatedAt: now })
    .where(and(eq(messengerConnections.id, connectionId), eq(messengerConnections.inboundRegistered, false)));
}

/** Checks a connection's credentials against its platform and records the health. */
export async function checkMessengerHealth(
  ctx: AppContext,
  row: ConnectionRow,
): Promise<{ ok: boolean; error: string | null; row: ConnectionRow }> {
  let error: string | null = null;
  try {
    await verifyCredentials(ctx, row.platform, credentialsOf(ctx, row));
  } catch (failure) {
    if (!(failure instanceof AppError) || failure.code !== 'messenger_failed') throw failure;
    error = failure.message;
  }
  const [updated] = await ctx.db
    .update(messengerConnections)
    .set({ healthStatus: error ? 'failing' : 'ok', healthCheckedAt: ctx.clock.now(), healthError: error })
    .where(eq(messengerConnections.id, row.id))
    .returning();
  return { ok: !error, error, row: updated! };
}

/** Test re-checks the credentials; passed or failed with the platform's reason. */
export async function testMessenger(ctx: AppContext, userId: string, id: string) {
  const found = await findConnection(ctx, userId, id);
  // A sample connection has no server to ask.
  if (found.isSample) throw new AppError('demo_restricted');
  const result = await checkMessengerHealth(ctx, found);
  return { ok: result.ok, error: result.error, connection: await describeConnection(ctx, result.row) };
}

/** The periodic health check of every connection (main.ts); one failure does not stop the rest. */
export async function checkAllMessengerHealth(ctx: AppContext): Promise<void> {
  const rows = await ctx.db
    .select()
    .from(messengerConnections)
    .where(eq(messengerConnections.isConnected, true));
  for (const row of rows) {
    if (row.isSample) continue;
    await checkMessengerHealth(ctx, row).catch((error: unknown) =>
      ctx.log.error({ err: error, connectionId: row.id }, 'messenger health check failed'),
    );
  }
}

/** A demo sandbox's labelled Email connection: hints only, no credentials, never contacted. */
export async function seedSampleMailbox(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  await tx.insert(messengerConnections).values({
    userId,
    platform: 'email',
    username: 'alex.morgan@example.com',
    isConnected: true,
    credentials: '',
    credentialHints: {
      address: 'alex.morgan@example.com',
      sender_name: 'Alex Morgan',
      imap_host: 'imap.example.com',
      imap_port: '993',
      imap_tls: 'true',
      imap_password: '••••',
      smtp_host: 'smtp.example.com',
      smtp_port: '465',
      smtp_tls: 'true',
    },
    permissions: ['read_messages'],
    isSample: true,
    healthStatus: 'ok',
    healthCheckedAt: now,
    lastSyncAt: now,
    createdAt: now,
    updatedAt: now,
  });
}
