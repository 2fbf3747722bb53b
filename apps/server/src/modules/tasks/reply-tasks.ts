import { and, desc, eq, inArray, tasks } from '@doppel/db';
import type { Actor } from '../../lib/actor';
import type { AppContext } from '../../lib/context';
import type { DomainEvent } from '../../lib/domain-events';
import { createTask, takeNewerMessage } from './task-commands';
import { cutText, shortenText } from '../../lib/text';

/** How much of the message names the task. */
const TITLE_SNIPPET = 60;

function titleFor(sender: string, text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return `${sender}: ${shortenText(line, TITLE_SNIPPET)}`;
}

/**
 * A contact wrote (a messenger delivered it): the contact's open reply task now answers that
 * message, analysed afresh — or a new reply task does, analysed like every task.
 */
export async function answerContactReply(
  ctx: AppContext,
  actor: Actor,
  event: DomainEvent<'contact.replied'>,
): Promise<void> {
  const { userId } = actor;
  const [open] = await ctx.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        eq(tasks.contactId, event.contactId),
        eq(tasks.type, 'message_reply'),
        inArray(tasks.status, ['pending', 'in_progress']),
      ),
    )
    .orderBy(desc(tasks.createdAt))
    .limit(1);
  if (open) {
    await takeNewerMessage(ctx, userId, open.id, event.text, event.subject);
    return;
  }
  await createTask(ctx, userId, {
    type: 'message_reply',
    title: titleFor(event.senderName, event.text),
    contactId: event.contactId,
    context: {
      triggerType: 'message',
      lastMessage: event.text,
      ...(event.subject !== undefined && { emailSubject: cutText(event.subject, 300) }),
    },
  });
}
