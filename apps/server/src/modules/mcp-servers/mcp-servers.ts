import { randomUUID } from 'node:crypto';
import {
  createMcpServerInputSchema,
  updateMcpServerInputSchema,
  type CreateMcpServerInput,
  type McpServer,
  type UpdateMcpServerInput,
} from '@doppel/contracts';
import { and, asc, eq, mcpServers } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { Actor } from '../../lib/actor';

export type McpServerRow = typeof mcpServers.$inferSelect;

/** The last characters of a header, masked, so the user can tell which one is stored. */
function hintOf(header: string): string {
  return `••••${header.slice(-4)}`;
}

function toView(row: McpServerRow): McpServer {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    url: row.url,
    color: row.color as McpServer['color'],
    authHint: row.authHint,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The owner's row or not_found; another user's id is indistinguishable from none. */
export async function loadOwnMcpServer(ctx: AppContext, userId: string, id: string): Promise<McpServerRow> {
  const [row] = await ctx.db
    .select()
    .from(mcpServers)
    .where(and(eq(mcpServers.id, id), eq(mcpServers.userId, userId)));
  if (!row) throw new AppError('not_found');
  return row;
}

/** The stored Authorization header of a server in clear text, for connecting to it. */
export function authHeaderOf(ctx: AppContext, row: McpServerRow): string | null {
  return row.authHeader ? ctx.secrets.decryptSecret(row.authHeader, row.id) : null;
}

export async function listMcpServers(ctx: AppContext, userId: string): Promise<McpServer[]> {
  const rows = await ctx.db
    .select()
    .from(mcpServers)
    .where(eq(mcpServers.userId, userId))
    .orderBy(asc(mcpServers.createdAt));
  return rows.map(toView);
}

/** The rows of the servers the agent chat may use: the user's active ones. */
export async function listActiveMcpServerRows(ctx: AppContext, userId: string): Promise<McpServerRow[]> {
  return ctx.db
    .select()
    .from(mcpServers)
    .where(and(eq(mcpServers.userId, userId), eq(mcpServers.isActive, true)))
    .orderBy(asc(mcpServers.createdAt));
}

export async function createMcpServer(
  ctx: AppContext,
  auth: Actor,
  input: CreateMcpServerInput,
): Promise<McpServer> {
  if (auth.isDemo) throw new AppError('demo_restricted');
  const fields = createMcpServerInputSchema.parse(input);
  const id = randomUUID();
  const now = ctx.clock.now();
  const header = fields.authHeader || null;
  const [row] = await ctx.db
    .insert(mcpServers)
    .values({
      id,
      userId: auth.userId,
      name: fields.name,
      description: fields.description,
      url: fields.url,
      color: fields.color,
      authHeader: header ? ctx.secrets.encryptSecret(header, id) : null,
      authHint: header ? hintOf(header) : null,
      isActive: fields.isActive,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toView(row!);
}

/** An omitted header keeps the stored one, an empty string removes it. */
export async function updateMcpServer(
  ctx: AppContext,
  auth: Actor,
  id: string,
  input: UpdateMcpServerInput,
): Promise<McpServer> {
  if (auth.isDemo) throw new AppError('demo_restricted');
  const changes = updateMcpServerInputSchema.parse(input);
  const current = await loadOwnMcpServer(ctx, auth.userId, id);
  let { authHeader, authHint } = current;
  if (changes.authHeader !== undefined) {
    authHeader = changes.authHeader === '' ? null : ctx.secrets.encryptSecret(changes.authHeader, id);
    authHint = changes.authHeader === '' ? null : hintOf(changes.authHeader);
  }
  const [row] = await ctx.db
    .update(mcpServers)
    .set({
      name: changes.name ?? current.name,
      description: changes.description ?? current.description,
      url: changes.url ?? current.url,
      color: changes.color ?? current.color,
      isActive: changes.isActive ?? current.isActive,
      authHeader,
      authHint,
      updatedAt: ctx.clock.now(),
    })
    .where(and(eq(mcpServers.id, id), eq(mcpServers.userId, auth.userId)))
    .returning();
  if (!row) throw new AppError('not_found');
  return toView(row);
}

export async function deleteMcpServer(ctx: AppContext, auth: Actor, id: string): Promise<void> {
  if (auth.isDemo) throw new AppError('demo_restricted');
  const deleted = await ctx.db
    .delete(mcpServers)
    .where(and(eq(mcpServers.id, id), eq(mcpServers.userId, auth.userId)))
    .returning({ id: mcpServers.id });
  if (deleted.length === 0) throw new AppError('not_found');
}
