import { TOUCH_BUDGET } from '@doppel/contracts';
import { and, campaignTouches, count, eq, gt, inArray, type DbOrTx } from '@doppel/db';
import type { Actor } from '../../lib/actor';
import type { AppContext } from '../../lib/context';
import type { DomainEvent } from '../../lib/domain-events';

/*
 * The touch budget (issue 22, docs/decisions/041): a user-level rule "at most N campaign messages
 * reach one person in any 7 days, across all campaigns and channels". Every campaign message that
 * goes out — a first message or a follow-up from a task, the twin's own sends, Bulk Email — is a
 * touch of its contact, recorded when it is sent (message.sent). Sequence steps and Bulk Email
 * check it before they write; a message the user sends by hand from a task is their own call.
 */

const WINDOW_MS = TOUCH_BUDGET.days * 24 * 60 * 60 * 1000;

/** A campaign message reached its contact: one touch (a redelivered event adds none). */
export async function recordTouch(
  ctx: AppContext,
  actor: Pick<Actor, 'userId'>,
  event: DomainEvent<'message.sent'>,
): Promise<void> {
  if (!event.campaignId || !event.contactId) return;
  await ctx.db
    .insert(campaignTouches)
    .values({
      userId: actor.userId,
      contactId: event.contactId,
      campaignId: event.campaignId,
      message: event.messageId ?? event.taskId ?? `lead:${event.leadId ?? ''}`,
      at: new Date(event.at),
    })
    .onConflictDoNothing();
}

/** Campaign messages to these contacts (one person's) in the 7 days before `now`. */
export async function touchesOf(
  db: DbOrTx,
  userId: string,
  contactIds: readonly string[],
  now: Date,
): Promise<number> {
  if (contactIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(campaignTouches)
    .where(
      and(
        eq(campaignTouches.userId, userId),
        inArray(campaignTouches.contactId, [...contactIds]),
        gt(campaignTouches.at, new Date(now.getTime() - WINDOW_MS)),
      ),
    );
  return Number(row?.n ?? 0);
}
