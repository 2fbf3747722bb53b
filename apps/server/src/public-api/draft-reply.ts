import { draftReplyInputSchema, type DraftReply, type DraftReplyInput } from '@doppel/contracts';
import type { Actor } from '../lib/actor';
import type { AppContext } from '../lib/context';
import { getContact } from '../modules/contacts';
import { writeDraft } from '../modules/drafting';
import { detectLanguage, writingLanguage } from '../modules/language';

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
  const found = detectLanguage(message);
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
    // The language the message is written in, as an analysis would find it (English for one
    // Doppel cannot write).
    foundLanguage: found ? writingLanguage(found).language : undefined,
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
