import {
  createMessageTemplateInputSchema,
  updateMessageTemplateInputSchema,
  type CreateMessageTemplateInput,
  type MessageTemplate,
  type UpdateMessageTemplateInput,
} from '@doppel/contracts';
import { and, asc, eq, messageTemplates } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { getPersona } from './persona-queries';

const TEMPLATE_NOT_FOUND = 'Template not found';

type TemplateRow = typeof messageTemplates.$inferSelect;

function toTemplate(row: TemplateRow): MessageTemplate {
  return {
    id: row.id,
    personaId: row.personaId,
    name: row.name,
    content: row.content,
    variables: row.variables,
    platform: row.platform,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A persona's message templates, oldest first (the order the user wrote them in). */
export async function listMessageTemplates(
  ctx: AppContext,
  userId: string,
  personaId: string,
): Promise<MessageTemplate[]> {
  await getPersona(ctx.db, userId, personaId);
  const rows = await ctx.db
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.userId, userId), eq(messageTemplates.personaId, personaId)))
    .orderBy(asc(messageTemplates.createdAt), asc(messageTemplates.id));
  return rows.map(toTemplate);
}

export async function createMessageTemplate(
  ctx: AppContext,
  userId: string,
  personaId: string,
  input: CreateMessageTemplateInput,
): Promise<MessageTemplate> {
  const fields = createMessageTemplateInputSchema.parse(input);
  await getPersona(ctx.db, userId, personaId);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(messageTemplates)
    .values({ ...fields, userId, personaId, createdAt: now, updatedAt: now })
    .returning();
  return toTemplate(row!);
}

function templateOf(userId: string, personaId: string, templateId: string) {
  return and(
    eq(messageTemplates.id, templateId),
    eq(messageTemplates.personaId, personaId),
    eq(messageTemplates.userId, userId),
  );
}

export async function updateMessageTemplate(
  ctx: AppContext,
  userId: string,
  personaId: string,
  templateId: string,
  input: UpdateMessageTemplateInput,
): Promise<MessageTemplate> {
  const fields = updateMessageTemplateInputSchema.parse(input);
  const [row] = await ctx.db
    .update(messageTemplates)
    .set({ ...fields, updatedAt: ctx.clock.now() })
    .where(templateOf(userId, personaId, templateId))
    .returning();
  if (!row) throw new AppError('not_found', TEMPLATE_NOT_FOUND, { reason: 'template_not_found' });
  return toTemplate(row);
}

export async function deleteMessageTemplate(
  ctx: AppContext,
  userId: string,
  personaId: string,
  templateId: string,
): Promise<void> {
  const deleted = await ctx.db
    .delete(messageTemplates)
    .where(templateOf(userId, personaId, templateId))
    .returning({ id: messageTemplates.id });
  if (deleted.length === 0)
    throw new AppError('not_found', TEMPLATE_NOT_FOUND, { reason: 'template_not_found' });
}
