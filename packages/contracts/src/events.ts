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
]);
export type UserEvent = z.infer<typeof userEventSchema>;
