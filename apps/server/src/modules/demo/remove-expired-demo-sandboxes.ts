import type { Db } from '@doppel/db';
import { deleteExpiredDemoAccounts } from '../auth';

/** Removes the demo sandboxes whose time is up: the account and, with it, all its sample data. */
export function removeExpiredDemoSandboxes(db: Db, now: Date): Promise<number> {
  return deleteExpiredDemoAccounts(db, now);
}
