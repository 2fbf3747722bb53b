import { contactSourceSchema } from '@doppel/contracts';
import { and, communicationHistory, count, desc, eq, type DbOrTx } from '@doppel/db';
import { z } from 'zod';
import { getContact } from './contact-commands';

export const HISTORY_MAX_LIMIT = 100;

/** One page of a contact's history, newest first (spec §7: page and limit, has_more). */
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
  deliveryStatus: z.enum(['received', 'queued', 'sent', 'to_send_manually', 'failed']),
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

type HistoryRow = typeof communicationHistory.$inferSelect;

export function toHistoryEntry(row: HistoryRow): HistoryEntry {
  return {
    id: row.id,
    contactId: row.contactId,
    direction: row.direction,
    channel: row.channel,
    text: row.text,
    originalText: row.originalText,
    originalLanguage: row.originalLanguage,
    occurredAt: row.occurredAt.toISOString(),
    deliveryStatus: row.deliveryStatus,
    externalId: row.externalId,
    deliveryError: row.deliveryError,
  };
}

/** The owner's contact's messages, newest first; another user's contact is not found. */
export async function listContactHistory(
  db: DbOrTx,
  userId: string,
  contactId: string,
  query: ContactHistoryQuery = {},
): Promise<ContactHistoryPage> {
  const { page, limit } = contactHistoryQuerySchema.parse(query);
  await getContact(db, userId, contactId);
  const owned = and(eq(communicationHistory.userId, userId), eq(communicationHistory.contactId, contactId));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(communicationHistory)
      .where(owned)
      .orderBy(
        desc(communicationHistory.occurredAt),
        desc(communicationHistory.createdAt),
        desc(communicationHistory.id),
      )
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(communicationHistory).where(owned),
  ]);
  const n = total?.n ?? 0;
  return { items: rows.map(toHistoryEntry), total: n, page, limit, hasMore: n > page * limit };
}
