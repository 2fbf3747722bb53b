import { z } from 'zod';
import { templateLanguages } from './reply-templates';
import { contactSourceSchema, draftKindSchema, knowledgeSourceSchema } from './tasks';

/*
 * The bodies and answers of the public REST API (/api/v1) that the private API does
 * not share. Its routes are in routes.ts under `v1`, their schemas in route-schemas.ts.
 */

/** A public route's `:id`: a uuid, and nothing else. */
export const publicIdParamsSchema = z.object({ id: z.uuid() }).strict();

/** ISO 639-1, as the contact writes (drafts answer in it). */
const contactLanguageSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}$/, 'languageInvalid');
const optionalText = z.string().trim().max(200).nullable();

/**
 * A contact added by hand or by another tool (public API). `handle` is where a messenger
 * delivers to (Telegram chat id, WhatsApp number, Slack or Discord channel id); an empty
 * company or handle is stored as none.
 */
export const createContactInputSchema = z
  .object({
    name: z.string().trim().min(1, 'nameRequired').max(200),
    company: optionalText.optional(),
    language: contactLanguageSchema.default('en'),
    source: contactSourceSchema.default('other'),
    handle: optionalText.optional(),
  })
  .strict();
export type CreateContactInput = z.input<typeof createContactInputSchema>;

/** Only the fields sent change; at least one must be. */
export const updateContactInputSchema = z
  .object({
    name: z.string().trim().min(1, 'nameRequired').max(200),
    company: optionalText,
    language: contactLanguageSchema,
    source: contactSourceSchema,
    handle: optionalText,
  })
  .partial()
  .strict()
  .refine((input) => Object.keys(input).length > 0, { message: 'Send at least one field to change.' });
export type UpdateContactInput = z.input<typeof updateContactInputSchema>;

export const HISTORY_MAX_LIMIT = 100;

/** One page of a contact's history, newest first. */
export const contactHistoryQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(HISTORY_MAX_LIMIT).default(50),
  })
  .strict();
export type ContactHistoryQuery = z.input<typeof contactHistoryQuerySchema>;

/** A message to or from a contact (the spec's persona_communication_history). */
export const historyEntrySchema = z.object({
  id: z.string(),
  contactId: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  channel: contactSourceSchema,
  text: z.string(),
  /** The text as written, when `text` is a translation. */
  originalText: z.string().nullable(),
  originalLanguage: z.string().nullable(),
  occurredAt: z.string(),
  /** unknown: the messenger failed in a way that may have delivered it all the same. */
  deliveryStatus: z.enum(['received', 'queued', 'sent', 'to_send_manually', 'failed', 'unknown']),
  /** The platform's id of the message, when it went through a messenger. */
  externalId: z.string().nullable(),
  /** Why delivery failed, in our words. */
  deliveryError: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const contactHistoryPageSchema = z.object({
  items: z.array(historyEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** More entries after this page: total > page × limit. */
  hasMore: z.boolean(),
});
export type ContactHistoryPage = z.infer<typeof contactHistoryPageSchema>;

export const sendContactMessageInputSchema = z
  .object({ text: z.string().trim().min(1, 'messageRequired').max(20_000) })
  .strict();
export type SendContactMessageInput = z.input<typeof sendContactMessageInputSchema>;

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
