import { taskPage } from './task-fixtures';
import { fakeRoute, OK_REPLY } from '@/test-support/fake-api';
import { routes as apiRoutes, type Subscription, type UserSettings } from '@doppel/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, Suspense, type ReactNode } from 'react';
import { MemoryRouter, Routes, useLocation, type Location } from 'react-router';
import { afterEach } from 'vitest';
import { ToasterHost } from '@/components/toaster-host';
import { ApiClient } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { ServicesProvider, type Services } from '@/lib/services';
import { SessionManager } from '@/lib/session';
import {
  createFakeApi,
  errorReply,
  makeSession,
  type ErrorReply,
  type FakeHandler,
  type FakeReply,
} from './fake-api';
import { setViewportWidth } from './viewport';

/** What the server answers to a refresh without a session cookie. */
export const SIGNED_OUT: ErrorReply = errorReply(401, 'unauthorized', 'Auth session missing!');

export type ServerRoutes = Record<string, FakeHandler | FakeReply>;

/** Server routes a signed-in user's screens need, with sensible answers. */
export function signedInRoutes(session = makeSession()): ServerRoutes {
  return {
    ...fakeRoute(apiRoutes.auth.refresh, { body: session }),
    ...fakeRoute(apiRoutes.shell.summary, { body: { pendingTasks: 0 } }),
    ...fakeRoute(apiRoutes.tasks.list, { body: taskPage([]) }),
    ...fakeRoute(apiRoutes.tasks.counts, {
      body: {
        total: 0,
        byStatus: { pending: 0, in_progress: 0, completed: 0 },
        byPriority: { high: 0, medium: 0, low: 0 },
      },
    }),
    ...fakeRoute(apiRoutes.settings.get, { body: sampleSettings() }),
    ...fakeRoute(apiRoutes.profile.get, { body: session.user }),
    ...fakeRoute(apiRoutes.auth.signOut, OK_REPLY),
  };
}

/** A user on this server's self-hosted plan: no price, no billing date, the instance's quota. */
export function selfHostedSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    kind: 'self_hosted',
    planName: 'Self-hosted',
    priceCents: null,
    currency: null,
    billingPeriod: null,
    annualDiscountPercent: null,
    tokenQuota: 1_000_000,
    status: 'active',
    nextBillingDate: null,
    paymentMethod: null,
    cancelAtPeriodEnd: false,
    isSample: false,
    billingEnabled: false,
    hasPaymentAccount: false,
    isInstanceOwner: false,
    ...overrides,
  };
}

export function sampleSettings(overrides: Partial<UserSettings> = {}): UserSettings {
  return {
    language: 'en',
    responseLanguage: 'auto',
    autoTranslate: true,
    theme: 'system',
    notifications: { email: true, emailDigest: 'daily', push: false, telegram: false, whatsapp: false },
    aiPreferences: {
      defaultModel: null,
      temperature: 0.7,
      maxTokens: 2000,
      replyInContactLanguage: true,
      showTranslateOption: true,
    },
    touchesPerWeek: 3,
    updatedAt: '2025-03-14T10:00:00.000Z',
    ...overrides,
  };
}

export interface TestServices extends Services {
  queryClient: ReturnType<typeof createQueryClient>;
}

const running: Array<() => void> = [];
afterEach(() => {
  for (const stop of running.splice(0)) stop();
});

/** The real session manager, API client and query client, talking to a fake server. */
export function createTestServices(server: ServerRoutes = {}) {
  const fake = createFakeApi({ ...fakeRoute(apiRoutes.auth.refresh, SIGNED_OUT), ...server });
  fake.install();
  const session = new SessionManager({ locks: null, channel: null });
  const api = new ApiClient(session, { getLanguage: currentLanguage, transientRetryDelayMs: 1 });
  const queryClient = createQueryClient();
  running.push(() => {
    session.dispose();
    queryClient.clear();
  });
  return { fake, services: { session, api, queryClient } satisfies TestServices };
}

export interface RenderOptions {
  /** Where the memory router starts. */
  path?: string;
  /** Window width in px; below 768 the mobile layout applies. */
  width?: number;
  /** Fake server routes ("METHOD /path"); the refresh defaults to "no session". */
  server?: ServerRoutes;
}

/**
 * Renders `<Route>` elements inside the app's providers (StrictMode, services, query client,
 * toaster, memory router) — the way a feature's screens are used, without the app around them.
 */
export function renderWithProviders(
  routes: ReactNode,
  { path = '/', width = 1280, server = {} }: RenderOptions = {},
) {
  setViewportWidth(width);
  const { fake, services } = createTestServices(server);
  void services.session.initialize();
  let location: Location | null = null;
  function LocationProbe() {
    location = useLocation();
    return null;
  }
  const view = render(
    <StrictMode>
      <ServicesProvider services={services}>
        <QueryClientProvider client={services.queryClient}>
          <MemoryRouter initialEntries={[path]}>
            <Suspense fallback={null}>
              <Routes>{routes}</Routes>
            </Suspense>
            <LocationProbe />
          </MemoryRouter>
          <ToasterHost />
        </QueryClientProvider>
      </ServicesProvider>
    </StrictMode>,
  );
  return { ...view, fake, services, user: userEvent.setup(), location: () => location! };
}
