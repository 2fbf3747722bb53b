import { randomUUID } from 'node:crypto';
import { draftKindSchema, knowledgeSourceSchema, templateLanguages, type Task } from '@doppel/contracts';
import { eq, users } from '@doppel/db';
import { z } from 'zod';
import type { AppContext } from '../lib/context';
import { generateForUser } from '../modules/ai-models/call-model';
import { resolveModel } from '../modules/ai-models/resolve-model';
import type { AuthenticatedUser } from '../modules/auth/sessions';
import { getContact } from '../modules/contacts/contact-commands';
import { detectLanguage } from '../modules/engine/detect-language';
import { buildDraftPrompt, taskSearchText } from '../modules/engine/draft-prompt';
import { groundIn } from '../modules/knowledge/ground';
import { getTwinVoice } from '../modules/personas/persona-queries';
import { draftLanguage, offlineDraft } from '../modules/tasks/generate-task-drafts';
import { recentHistory } from '../modules/tasks/stream-task-draft';

export const draftReplyInputSchema = z
  .object({
    /** The message to answer. */
    message: z.string().trim().min(1, 'messageRequired').max(20_000),
    /** The contact who wrote it: their name, company, language and recent history shape the draft. */
    contactId: z.uuid().optional(),
    /** Language of the draft; else the user's response language setting, the message's, the contact's. */
    language: z.enum(templateLanguages).optional(),
    /** quick: one to three sentences; detailed: a few short paragraphs. */
    kind: draftKindSchema.default('quick'),
  })
  .strict();
export type DraftReplyInput = z.input<typeof draftReplyInputSchema>;

export const draftReplySchema = z.object({
  text: z.string(),
  kind: draftKindSchema,
  language: z.enum(templateLanguages),
  /** Who wrote it: the user's language model (named), or the offline drafting engine. */
  engine: z.object({ kind: z.enum(['offline', 'model']), model: z.string().nullable() }),
  /** Knowledge-base passages the draft drew on. */
  sources: z.array(knowledgeSourceSchema),
});
export type DraftReply = z.infer<typeof draftReplySchema>;

/**
 * A draft reply to a message, written the way the composer drafts a reply task: by the user's
 * model when one is configured, else by the offline engine, in the voice of the user's persona
 * and grounded in their knowledge base. The message is drafted as a message_reply task that is
 * never stored; nothing is saved but the knowledge-base use, counted for `usedBy`.
 */
export async function draftReply(
  ctx: AppContext,
  auth: AuthenticatedUser,
  input: DraftReplyInput,
  usedBy: string,
): Promise<DraftReply> {
  const { message, contactId, language: asked, kind } = draftReplyInputSchema.parse(input);
  const contact = contactId ? await getContact(ctx.db, auth.userId, contactId) : null;
  const now = ctx.clock.now().toISOString();
  // The language the message is written in, as an analysis would find it.
  const written = detectLanguage(message);
  const task: Task = {
    id: randomUUID(),
    contactId: contact?.id ?? null,
    contact: contact && {
      id: contact.id,
      name: contact.name,
      company: contact.company,
      source: contact.source,
      language: contact.language,
    },
    type: 'message_reply',
    title: contact ? `Reply to ${contact.name}` : 'Reply to a message',
    description: '',
    priority: 'medium',
    status: 'pending',
    context: {
      triggerType: 'message',
      lastMessage: message,
      ...(written && { language: written }),
    },
    responses: {},
    assignee: null,
    dueAt: null,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
  };
  const [language, voice, grounding, model] = await Promise.all([
    asked ?? draftLanguage(ctx, auth.userId, task),
    getTwinVoice(ctx.db, auth.userId),
    groundIn(ctx, auth.userId, taskSearchText(task)),
    resolveModel(ctx, auth),
  ]);
  const { sources } = grounding;
  let draft: Pick<DraftReply, 'text' | 'engine'>;
  if (model.kind === 'offline') {
    draft = {
      text: offlineDraft(task, language, kind, voice, sources),
      engine: { kind: 'offline', model: null },
    };
  } else {
    const [user] = await ctx.db
      .select({ fullName: users.fullName })
      .from(users)
      .where(eq(users.id, auth.userId));
    const history = contact ? await recentHistory(ctx, auth.userId, contact.id) : [];
    const { system, prompt } = buildDraftPrompt({
      task,
      kind,
      language,
      userName: user?.fullName ?? 'the user',
      voice,
      history,
      sources,
    });
    const answer = await generateForUser(ctx, auth.userId, model, { purpose: 'draft', system, prompt });
    draft = { text: answer.text.trim(), engine: { kind: 'model', model: model.config.model } };
  }
  await grounding.recordUse(usedBy);
  return { ...draft, kind, language, sources };
}
