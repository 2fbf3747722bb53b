import type { UserEvent } from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { forgetTaskLists } from './task-list-cache';

/**
 * Tells the user's open tabs after the change committed; a lost notice must not fail the change.
 * Every task write calls it, so it also drops this process's cached lists of the user at once.
 */
export async function announce(ctx: AppContext, userId: string, event: UserEvent): Promise<void> {
  forgetTaskLists(ctx, userId);
  try {
    await ctx.events.publish(userId, event);
  } catch (error) {
    ctx.log.error({ err: error, event }, 'could not publish a live update');
  }
}
