import type { NavigateFunction } from 'react-router';
import type { SessionManager } from '@/lib/session';

/**
 * "Create an account" from a demo: open sign-up first (a public page, so no guard redirects
 * in between), then end the demo session.
 */
export function createAccountFromDemo(session: SessionManager, navigate: NavigateFunction): () => void {
  return () => {
    void Promise.resolve(navigate('/auth?mode=signup')).then(() => session.signOut());
  };
}
