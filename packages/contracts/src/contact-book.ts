import { z } from 'zod';
import { historyEntrySchema } from './public-api';
import { contactSourceSchema } from './tasks';

/*
 * The Contacts screen (/contacts, issue 24): the user's contacts with what the list shows of
 * each, one contact's page, its whole conversation, editing, merging and deleting. The public
 * API keeps its own, smaller contact (contacts.ts, public-api.ts).
 */

/** A contact's `:id` on the screen's routes. */
export const contactIdParamsSchema = z.object({ id: z.uuid() });

export const CONTACT_BOOK_PAGE_SIZE = 50;
export const CONTACT_BOOK_MAX_LIMIT = 100;
export const CONTACT_TIMELINE_PAGE_SIZE = 50;
export const CONTACT_NOTES_MAX = 5000;
/** The list counts its matches up to this many; beyond, it says "more than". */
export const CONTACT_COUNT_CAP = 1000;

/** Where a contact can be reached: its first channel, and any a merge brought along. */
export const contactChannelSchema = z.object({
  source: contactSourceSchema,
  handle: z.string().nullable(),
});
export type ContactChannel = z.infer<typeof contactChannelSchema>;

/** One row of the Contacts list. */
export const contactSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  language: z.string(),
  /** The contact's first channel (where it came from). */
  source: contactSourceSchema,
  handle: z.string().nullable(),
  /** Every channel, the first one first. */
  channels: z.array(contactChannelSchema),
  /** The persona that speaks to the contact. */
  persona: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The newest message to or from the contact. */
  lastContactAt: z.string().nullable(),
  /** Tasks about the contact that are not completed. */
  openTasks: z.number().int(),
  createdAt: z.string(),
});
export type ContactSummary = z.infer<typeof contactSummarySchema>;

/**
 * The list pages by cursor (the last row's sort key), so a deep page costs what the first does;
 * `q` finds contacts with a word of the name or company starting with each of its words, in any
 * case ("anna schn" finds Anna Schneider); a `q` without letters or digits is matched as written.
 */
export const contactBookQuerySchema = z
  .object({
    q: z.string().trim().max(200).optional(),
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(CONTACT_BOOK_MAX_LIMIT).default(CONTACT_BOOK_PAGE_SIZE),
  })
  .strict();
export type ContactBookQuery = z.input<typeof contactBookQuerySchema>;

export const contactBookPageSchema = z.object({
  items: z.array(contactSummarySchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many contacts match, up to CONTACT_COUNT_CAP, on the first page only (null after it). */
  total: z.number().int().nullable(),
  /** More than `total` match (the count stopped at CONTACT_COUNT_CAP). */
  totalCapped: z.boolean(),
});
export type ContactBookPage = z.infer<typeof contactBookPageSchema>;

/** A contact's page: the list's row, the user's notes, and what deleting it would remove. */
export const contactDetailSchema = contactSummarySchema.extend({
  notes: z.string(),
  updatedAt: z.string(),
  /** Messages in its conversation (deleted with the contact). */
  messageCount: z.number().int(),
  /** Its tasks (kept when the contact is deleted, without a contact). */
  taskCount: z.number().int(),
});
export type ContactDetail = z.infer<typeof contactDetailSchema>;

const contactLanguageSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}$/, 'languageInvalid');

/** What the contact page edits; only the fields sent change, at least one. */
export const editContactInputSchema = z
  .object({
    name: z.string().trim().min(1, 'nameRequired').max(200),
    company: z.string().trim().max(200).nullable(),
    language: contactLanguageSchema,
    notes: z.string().max(CONTACT_NOTES_MAX, 'notesTooLong'),
    /** The persona that speaks to the contact; null: none. */
    personaId: z.uuid().nullable(),
  })
  .partial()
  .strict()
  .refine((input) => Object.keys(input).length > 0, { message: 'Send at least one field to change.' });
export type EditContactInput = z.input<typeof editContactInputSchema>;

/** Merge this contact (a duplicate) into another one of the user's: that one is what remains. */
export const mergeContactInputSchema = z.object({ intoContactId: z.uuid() }).strict();
export type MergeContactInput = z.input<typeof mergeContactInputSchema>;

/** The whole conversation across channels, newest first, paged by cursor. */
export const contactTimelineQuerySchema = z
  .object({
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(CONTACT_BOOK_MAX_LIMIT).default(CONTACT_TIMELINE_PAGE_SIZE),
  })
  .strict();
export type ContactTimelineQuery = z.input<typeof contactTimelineQuerySchema>;

export const contactTimelinePageSchema = z.object({
  items: z.array(historyEntrySchema),
  /** Pass as `cursor` for older messages; null when there are none. */
  nextCursor: z.string().nullable(),
});
export type ContactTimelinePage = z.infer<typeof contactTimelinePageSchema>;
