import { z } from 'zod';
import type { ChangeEvent } from './change-feed';

/** What GET /events streams to the signed-in user's open tabs (server-sent events). */
export const userEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('task.created'), taskId: z.string() }),
  z.object({ type: z.literal('task.updated'), taskId: z.string() }),
  z.object({ type: z.literal('task.deleted'), taskId: z.string() }),
  z.object({ type: z.literal('contact.changed'), contactId: z.string() }),
  z.object({ type: z.literal('document.changed'), documentId: z.string() }),
  z.object({ type: z.literal('messenger.changed'), connectionId: z.string() }),
  z.object({ type: z.literal('campaign.updated'), campaignId: z.string() }),
  z.object({ type: z.literal('signal.changed'), sourceId: z.string() }),
  z.object({ type: z.literal('social.changed'), accountId: z.string() }),
  z.object({ type: z.literal('voice.changed'), userId: z.string() }),
  z.object({ type: z.literal('subscription.changed'), userId: z.string() }),
]);
/** A change event a browser receives (the change feed's events less the server-only ones). */
export type UserEvent = Exclude<ChangeEvent, { type: 'session.changed' }>;

/**
 * The stream's own signal that changes may have been missed — the server's database listener
 * reconnected (docs/decisions/025) — so the tab refetches everything, as after a reconnection.
 */
export interface ResyncEvent {
  type: 'resync';
}
/** Everything GET /events sends: a change, or a resync. */
export type LiveEvent = UserEvent | ResyncEvent;
