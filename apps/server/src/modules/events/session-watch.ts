import type { AppContext } from '../../lib/context';
import type { AuthenticatedUser } from '../../plugins/authenticate';
import { sessionEndsAt } from '../auth';

/** When the session could not be checked (the database is unreachable), look again after this. */
const SESSION_RECHECK_MS = 5_000;
/** The longest timer Node keeps (about 24.8 days); a later end is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Calls `end` once the session is over: now (checked at once), when check() finds it signed out
 * or revoked, or when its end comes by the clock. Checks never overlap; one asked for meanwhile
 * runs after the current one.
 */
export function watchSession(ctx: AppContext, auth: AuthenticatedUser, end: () => void) {
  let stopped = false;
  let running = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const later = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(check, Math.min(Math.max(ms, 0), MAX_TIMER_MS));
    timer.unref();
  };
  function check() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    sessionEndsAt(ctx, auth)
      .then(
        (endsAt) => {
          if (stopped) return;
          if (endsAt === null) {
            stopped = true;
            clearTimeout(timer);
            return end();
          }
          later(endsAt - ctx.clock.now().getTime() + 1);
        },
        (error: unknown) => {
          // Most likely the database is unreachable: keep the stream and ask again soon.
          ctx.log.warn({ err: { message: (error as Error).message } }, 'could not check an /events session');
          later(SESSION_RECHECK_MS);
        },
      )
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          check();
        }
      });
  }
  check();
  return {
    check,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
