import {
  contactHistoryQuerySchema,
  type ContactHistoryPage,
  type ContactHistoryQuery,
  type HistoryEntry,
} from '@doppel/contracts';
import { and, communicationHistory, count, desc, eq, type DbOrTx } from '@doppel/db';
import { getContact } from './contact-commands';

// The public API's query and answers (contracts public-api.ts); re-exported for the module's callers.
export {
  HISTORY_MAX_LIMIT,
  contactHistoryPageSchema,
  contactHistoryQuerySchema,
  historyEntrySchema,
  type ContactHistoryPage,
  type ContactHistoryQuery,
  type HistoryEntry,
} from '@doppel/contracts';

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
