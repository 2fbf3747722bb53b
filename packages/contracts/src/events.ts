import { z } from 'zod';

/** What GET /events streams to the signed-in user's open tabs (server-sent events). */
export const userEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('task.created'), taskId: z.string() }),
  z.object({ type: z.literal('task.updated'), taskId: z.string() }),
  z.object({ type: z.literal('task.deleted'), taskId: z.string() }),
  /** A knowledge-base document was added, changed status (processing progress) or removed. */
  z.object({ type: z.literal('document.changed'), documentId: z.string() }),
  /** A messenger connection was connected, changed (health, sync, permissions) or removed. */
  z.object({ type: z.literal('messenger.changed'), connectionId: z.string() }),
  /** A campaign or its leads changed (settings, status, run progress, leads added or updated). */
  z.object({ type: z.literal('campaign.updated'), campaignId: z.string() }),
  /** A signal source was added, changed (polled, paused, renamed) or removed. */
  z.object({ type: z.literal('signal.changed'), sourceId: z.string() }),
]);
export type UserEvent = z.infer<typeof userEventSchema>;
