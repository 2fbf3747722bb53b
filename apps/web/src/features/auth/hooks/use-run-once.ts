import { useEffect, useRef } from 'react';

/**
 * Runs `action` once per mount, even under StrictMode's double effects — for one-time
 * tokens, where a second request would fail because the first already used the token.
 */
export function useRunOnce(action: () => void, enabled = true): void {
  const done = useRef(false);
  useEffect(() => {
    if (!enabled || done.current) return;
    done.current = true;
    action();
    // Deliberately once: a later `action` identity must not run it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled]);
}
