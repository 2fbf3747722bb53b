import type { QueryClient } from '@tanstack/react-query';
import { ApiClient, type ApiClientOptions } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import type { Services } from '@/lib/services';
import { SessionManager, type SessionManagerOptions } from '@/lib/session';
import { wireAuthEffects } from './auth-effects';

export interface CreateAppOptions {
  session?: SessionManagerOptions;
  api?: ApiClientOptions;
}

export interface AppInstance {
  services: Services;
  queryClient: QueryClient;
  dispose: () => void;
}

/**
 * Builds the app's long-lived parts and wires them together before anything runs, so the very
 * first auth event (the session restored on load) already reaches every listener.
 */
export function createApp(options: CreateAppOptions = {}): AppInstance {
  const session = new SessionManager(options.session);
  const api = new ApiClient(session, { getLanguage: currentLanguage, ...options.api });
  const services: Services = { session, api };
  const queryClient = createQueryClient();
  const unwire = wireAuthEffects(services, queryClient);
  return {
    services,
    queryClient,
    dispose: () => {
      unwire();
      session.dispose();
      queryClient.clear();
    },
  };
}
