import { and, communicationHistory, desc, eq } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import type { HistoryLine } from '../engine';

/** How many recent messages with the contact a model reads (drafts and analysis). */
const HISTORY_LINES = 12;

/** The last messages between the user and a contact, oldest first. */
export async function recentHistory(
  ctx: AppContext,
  userId: string,
  contactId: string,
): Promise<HistoryLine[]> {
  const rows = await ctx.db
    .select({
      direction: communicationHistory.direction,
      text: communicationHistory.text,
      occurredAt: communicationHistory.occurredAt,
    })
    .from(communicationHistory)
    .where(and(eq(communicationHistory.userId, userId), eq(communicationHistory.contactId, contactId)))
    .orderBy(desc(communicationHistory.occurredAt))
    .limit(HISTORY_LINES);
  return rows.reverse();
}
