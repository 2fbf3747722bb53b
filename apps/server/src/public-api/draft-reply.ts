import { draftKindSchema, knowledgeSourceSchema, templateLanguages } from '@doppel/contracts';
import { z } from 'zod';
import type { Actor } from '../lib/actor';
import type { AppContext } from '../lib/context';
import { getContact } from '../modules/contacts/contact-commands';
import { writeDraft } from '../modules/drafting';
import { detectLanguage } from '../modules/engine/detect-language';

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
 * and grounded in their knowledge base. Nothing is saved but the knowledge-base use, counted for
 * `usedBy`.
 */
export async function draftReply(
  ctx: AppContext,
  actor: Actor,
  input: DraftReplyInput,
  usedBy: string,
): Promise<DraftReply> {
  const { message, contactId, language, kind } = draftReplyInputSchema.parse(input);
  const contact = contactId ? await getContact(ctx.db, actor.userId, contactId) : null;
  const draft = await writeDraft(ctx, {
    actor,
    type: 'message_reply',
    kind,
    about: {
      title: contact ? `Reply to ${contact.name}` : 'Reply to a message',
      details: '',
      contact,
      message,
      trigger: {},
      analysis: {},
    },
    language,
    // The language the message is written in, as an analysis would find it.
    foundLanguage: detectLanguage(message) ?? undefined,
    usedBy,
  });
  await draft.recordUse();
  return {
    text: draft.text,
    kind,
    language: draft.language,
    engine: draft.engine,
    sources: draft.sources,
  };
}
