/*
 * The one change feed (docs/decisions/022-one-change-feed.md). The database's triggers turn
 * every committed write to a user's tasks, contacts, documents, messenger connections,
 * campaigns and leads, signal sources and sessions into one of these events; each server
 * process drops the cached reads the event names and forwards it to the user's open tabs, which
 * refetch the same query keys. Zod-free on purpose: the web app's first screen loads it
 * (docs/decisions/021).
 */

/** Every change event, by type: what it carries. */
export interface ChangeEventShapes {
  'task.created': { taskId: string };
  'task.updated': { taskId: string };
  'task.deleted': { taskId: string };
  /** A contact was added, edited or removed (task cards show its name, company and language). */
  'contact.changed': { contactId: string };
  /** A knowledge-base document was added, changed status (processing progress) or removed. */
  'document.changed': { documentId: string };
  /** A messenger connection was connected, changed (health, sync, permissions) or removed. */
  'messenger.changed': { connectionId: string };
  /** A campaign or its leads changed (settings, status, run progress, leads, budget spent). */
  'campaign.updated': { campaignId: string };
  /** A signal source was added, changed (polled, paused, renamed) or removed, or saw an item. */
  'signal.changed': { sourceId: string };
  /** A Reddit or LinkedIn account was connected, refused its tokens or was disconnected. */
  'social.changed': { accountId: string };
  /** The twin learned from a message the user sent, or forgot what it learned. */
  'voice.changed': { userId: string };
  /** The user's plan changed: a Stripe webhook, or the instance owner set their quota. */
  'subscription.changed': { userId: string };
  /** A session was revoked, cut short or deleted, or the user's demo state changed. */
  'session.changed': Record<never, never>;
}

export type ChangeEventType = keyof ChangeEventShapes;
export type ChangeEvent = { [T in ChangeEventType]: { type: T } & ChangeEventShapes[T] }[ChangeEventType];

/** A web query key, as TanStack Query spells it. */
export type QueryKeyPrefix = readonly string[];

const TASK_VIEWS = [['tasks'], ['shell', 'summary']] as const;

/**
 * What each change makes stale: the web app refetches queries under these keys, and the server
 * drops its cached reads of the user registered under the same first segment ('tasks',
 * 'campaigns'). One table for both, so a new cached read cannot miss its change.
 */
export const changeEventQueryKeys: Readonly<Record<ChangeEventType, readonly QueryKeyPrefix[]>> = {
  'task.created': TASK_VIEWS,
  'task.updated': TASK_VIEWS,
  'task.deleted': TASK_VIEWS,
  'contact.changed': [...TASK_VIEWS, ['contacts']],
  'document.changed': [['documents']],
  'messenger.changed': [['messengers']],
  'campaign.updated': [['campaigns']],
  // A poll makes tasks too.
  'signal.changed': [['signals'], ...TASK_VIEWS],
  'social.changed': [['social-accounts']],
  'voice.changed': [['learned-voice']],
  'subscription.changed': [['subscription'], ['usage']],
  // Server-side only: the session cache. Browsers learn of a revoked session from a 401.
  'session.changed': [],
};

/** Changes the server keeps to itself rather than stream to the browser. */
export const serverOnlyChangeEvents: ReadonlySet<ChangeEventType> = new Set(['session.changed']);

/** Whatever changed while a tab was not listening: every key a change can touch. */
export const allChangeQueryKeys: readonly QueryKeyPrefix[] = [
  ...new Map(
    Object.values(changeEventQueryKeys)
      .flat()
      .map((key) => [key.join('\u0000'), key] as const),
  ).values(),
];

/** Whether a change makes anything under the query-key root `root` stale ('tasks', 'campaigns'). */
export function changeTouches(type: ChangeEventType, root: string): boolean {
  return (changeEventQueryKeys[type] ?? []).some((key) => key[0] === root);
}

export function isChangeEvent(value: unknown): value is ChangeEvent {
  if (typeof value !== 'object' || value === null) return false;
  const { type } = value as { type?: unknown };
  return typeof type === 'string' && Object.hasOwn(changeEventQueryKeys, type);
}
