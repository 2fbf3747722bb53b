import type { User } from '@doppel/contracts';
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ApiClient } from './api-client';
import type { SessionManager, SessionState } from './session';

/** The long-lived objects the app shares; passed in so tests can give each render its own. */
export interface Services {
  session: SessionManager;
  api: ApiClient;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ServicesProvider is missing above this component');
  return services;
}

export function useApi(): ApiClient {
  return useServices().api;
}

export function useSessionManager(): SessionManager {
  return useServices().session;
}

export interface UseSessionResult extends SessionState {
  user: User | null;
  isDemo: boolean;
}

/** The current auth state and user; re-renders on sign-in, refresh, sign-out and profile changes. */
export function useSession(): UseSessionResult {
  const manager = useSessionManager();
  const state = useSyncExternalStore(manager.subscribe, manager.getState, manager.getState);
  const user = state.session?.user ?? null;
  return { ...state, user, isDemo: user?.isDemo ?? false };
}
