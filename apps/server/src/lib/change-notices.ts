import type { AppContext } from './context';

/**
 * The reserved key under which the database's triggers (migration 0002_change_notices) send
 * change notices on the user-events channel. It is not a uuid, so no user's event stream ever
 * subscribes to it; every server process on the database receives every notice.
 */
export const CHANGE_NOTICE_KEY = 'doppel:changes';

/**
 * Sent when a transaction that changed a user's tasks, contacts, sessions or demo state
 * commits, or their campaigns, leads or a campaign's token usage (0013_campaign_change_notices).
 */
export interface ChangeNotice {
  type: 'tasks.changed' | 'sessions.changed' | 'campaigns.changed';
  userId: string;
}

function isChangeNotice(value: unknown): value is ChangeNotice {
  if (typeof value !== 'object' || value === null) return false;
  const { type, userId } = value as Record<string, unknown>;
  return (
    (type === 'tasks.changed' || type === 'sessions.changed' || type === 'campaigns.changed') &&
    typeof userId === 'string'
  );
}

/** Calls `listener` for every change notice of one kind, from this process or any other. */
export function onChangeNotice(
  ctx: AppContext,
  type: ChangeNotice['type'],
  listener: (userId: string) => void,
): () => void {
  // The user-events channel types its payloads as UserEvent; notices are a different shape
  // that only this key carries, so they are checked here rather than trusted.
  return ctx.events.subscribe(CHANGE_NOTICE_KEY, (payload: unknown) => {
    if (isChangeNotice(payload) && payload.type === type) listener(payload.userId);
  });
}
