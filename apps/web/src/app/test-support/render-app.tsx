import { routes as apiRoutes } from '@doppel/contracts';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { afterEach } from 'vitest';
import { createFakeApi, fakeRoute } from '@/test-support/fake-api';
import { SIGNED_OUT, type ServerRoutes } from '@/test-support/render-with-providers';
import { setViewportWidth } from '@/test-support/viewport';
import { createApp, type AppInstance } from '../create-app';
import { NavigationBridge } from '../navigation-bridge';
import { AppProviders } from '../providers';
import { AppRoutes } from '../router';

export { signedInRoutes, sampleSettings, SIGNED_OUT } from '@/test-support/render-with-providers';

const running: AppInstance[] = [];
afterEach(() => {
  for (const app of running.splice(0)) app.dispose();
});

export interface RenderAppOptions {
  path?: string;
  /** Window width in px; below 768 the mobile layout applies. */
  width?: number;
  /** Fake server routes ("METHOD /path"); the refresh defaults to "no session". */
  routes?: ServerRoutes;
}

/** Renders the whole app — real routes, session manager and API client — against a fake server. */
export function renderApp({ path = '/', width = 1280, routes = {} }: RenderAppOptions = {}) {
  setViewportWidth(width);
  const fake = createFakeApi({ ...fakeRoute(apiRoutes.auth.refresh, SIGNED_OUT), ...routes });
  fake.install();
  const app = createApp({ session: { locks: null, channel: null } });
  running.push(app);
  void app.services.session.initialize();
  let location: Location | null = null;
  function LocationProbe() {
    location = useLocation();
    return null;
  }
  // The same tree main.tsx renders (StrictMode included), with a memory router so the test
  // decides where the app starts.
  const view = render(
    <StrictMode>
      <AppProviders services={app.services} queryClient={app.queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <NavigationBridge />
          <AppRoutes />
          <LocationProbe />
        </MemoryRouter>
      </AppProviders>
    </StrictMode>,
  );
  return { ...view, app, fake, user: userEvent.setup(), location: () => location! };
}
