import { routes as apiRoutes } from '@doppel/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeSession, fakeRoute } from '@/test-support/fake-api';
import { makeTask, taskPage } from '@/test-support/task-fixtures';
import { taskFeedQueryOptions } from '@/features/assistant/api/use-task-feed';
import { createApp } from './create-app';
import { preloadRouteChunks } from './router';
import { renderApp, signedInRoutes, SIGNED_OUT } from './test-support/render-app';
import { setViewportWidth } from '@/test-support/viewport';

const MOBILE = 390;
const DESKTOP = 1280;

describe('route guards', () => {
  it('sends a visitor without a session from a protected route to /auth', async () => {
    const { location } = renderApp({ path: '/business' });
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(location().pathname).toBe('/auth');
  });

  it('waits for the session restore instead of flashing /auth, then shows the page', async () => {
    let restore: () => void = () => {};
    const session = makeSession();
    const { location } = renderApp({
      path: '/business',
      routes: {
        ...signedInRoutes(session),
        ...fakeRoute(
          apiRoutes.auth.refresh,
          () =>
            new Promise((resolve) => {
              restore = () => resolve({ body: session });
            }),
        ),
      },
    });

    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('form', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(location().pathname).toBe('/business');

    restore();
    expect(await screen.findByRole('heading', { level: 1, name: 'Growth' })).toBeInTheDocument();
    expect(location().pathname).toBe('/business');
  });

  it('redirects / to /actions', async () => {
    const { location } = renderApp({ path: '/', routes: signedInRoutes() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Assistant' })).toBeInTheDocument();
    expect(location().pathname).toBe('/actions');
  });

  it('lets a demo session in', async () => {
    renderApp({ path: '/agent', routes: signedInRoutes(makeSession({ user: { isDemo: true } })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent' })).toBeInTheDocument();
  });

  it('sends phones from the desktop-only /documents, /tasks and /api to /actions', async () => {
    for (const path of ['/documents', '/tasks', '/api']) {
      const { location, unmount } = renderApp({ path, width: MOBILE, routes: signedInRoutes() });
      expect(await screen.findByRole('heading', { level: 1, name: 'Assistant' })).toBeInTheDocument();
      expect(location().pathname).toBe('/actions');
      unmount();
    }
  });

  it('shows the desktop-only areas on a desktop', async () => {
    const { location } = renderApp({ path: '/documents', width: DESKTOP, routes: signedInRoutes() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Knowledge' })).toBeInTheDocument();
    expect(location().pathname).toBe('/documents');
  });

  it('goes to /auth when the session ends while using the app', async () => {
    const { app, location } = renderApp({ path: '/actions', routes: signedInRoutes() });
    await screen.findByRole('heading', { level: 1, name: 'Assistant' });
    await app.services.session.signOut();
    await waitFor(() => expect(location().pathname).toBe('/auth'));
  });

  it('opens the unsubscribe link without a session and without the app shell', async () => {
    const { location, fake } = renderApp({
      path: '/unsubscribe?token=unsub_0123456789abcdef0123',
      routes: {
        ...fakeRoute(apiRoutes.unsubscribe.show, {
          body: { address: 'ben@acme.example', sender: 'Ada Lovelace', unsubscribed: false },
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument();
    expect(location().pathname).toBe('/unsubscribe');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.unsubscribe.show)[0]!.query.get('token')).toBe(
      'unsub_0123456789abcdef0123',
    );
  });

  it('answers unknown addresses with a not-found page', async () => {
    renderApp({ path: '/nowhere' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('layouts', () => {
  it('renders the desktop sidebar with the spec’s six areas in order, Contacts beside the Assistant, and no bottom bar', async () => {
    renderApp({
      path: '/high-concept',
      width: DESKTOP,
      routes: { ...signedInRoutes(), ...fakeRoute(apiRoutes.shell.summary, { body: { pendingTasks: 3 } }) },
    });
    const sidebar = await screen.findByRole('navigation', { name: 'Sidebar navigation' });
    const links = Array.from(sidebar.querySelectorAll('a')).map((link) => link.textContent);
    expect(links[0]).toMatch(/^Assistant/);
    expect(links.slice(1)).toEqual(['Contacts', 'Personas', 'Knowledge', 'Growth', 'Agent', 'API keys']);
    expect(screen.getByRole('link', { name: 'Personas' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('navigation', { name: 'Bottom navigation' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /Open settings: Ada Lovelace, authorized/ }),
    ).toBeInTheDocument();
  });

  it('renders the mobile bottom bar with four tabs and the pending badge, and no sidebar', async () => {
    renderApp({
      path: '/actions',
      width: MOBILE,
      routes: { ...signedInRoutes(), ...fakeRoute(apiRoutes.shell.summary, { body: { pendingTasks: 4 } }) },
    });
    const bar = await screen.findByRole('navigation', { name: 'Bottom navigation' });
    expect(screen.queryByRole('navigation', { name: 'Sidebar navigation' })).not.toBeInTheDocument();
    const links = Array.from(bar.querySelectorAll('a'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/actions',
      '/business',
      '/high-concept',
      '/agent',
    ]);
    expect(await screen.findByRole('link', { name: /Assistant.*Pending tasks: 4/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Settings stay reachable on phones through the avatar in the header, Contacts beside it.
    expect(screen.getByRole('button', { name: /Open settings/ })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Contacts' })).toHaveAttribute(
      'href',
      '/contacts',
    );
  });

  it('hides the badge when nothing is pending', async () => {
    const { fake } = renderApp({ path: '/actions', width: MOBILE, routes: signedInRoutes() });
    await screen.findByRole('navigation', { name: 'Bottom navigation' });
    await waitFor(() => expect(fake.callsTo(apiRoutes.shell.summary)).toHaveLength(1));
    expect(screen.queryByText(/Pending tasks/)).not.toBeInTheDocument();
  });

  it('switches layout when the window crosses 768 px', async () => {
    renderApp({ path: '/actions', width: DESKTOP, routes: signedInRoutes() });
    await screen.findByRole('navigation', { name: 'Sidebar navigation' });
    act(() => setViewportWidth(767));
    expect(await screen.findByRole('navigation', { name: 'Bottom navigation' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Sidebar navigation' })).not.toBeInTheDocument();
  });
});

describe('boot of /actions', () => {
  it('asks for the first page of tasks as soon as the session is restored, before any page renders', async () => {
    const task = makeTask({ title: 'Reply to Ada' });
    const fake = createFakeApi({
      ...signedInRoutes(),
      ...fakeRoute(apiRoutes.tasks.list, { body: taskPage([task]) }),
    });
    fake.install();
    const app = createApp({ session: { locks: null, channel: null } });
    try {
      void app.services.session.initialize();
      preloadRouteChunks('/actions', app);

      await waitFor(() => expect(fake.callsTo(apiRoutes.tasks.list)).toHaveLength(1));
      // The first page: no cursor yet.
      expect(Object.fromEntries(fake.callsTo(apiRoutes.tasks.list)[0]!.query)).toEqual({ limit: '50' });
      // Under the very key the Assistant's list reads, so it shows them without asking again.
      const feedKey = taskFeedQueryOptions(app.services.api).queryKey;
      await waitFor(() =>
        expect(app.queryClient.getQueryData(feedKey)?.pages[0]?.items.map((t) => t.title)).toEqual([
          'Reply to Ada',
        ]),
      );
    } finally {
      app.dispose();
    }
  });

  it('asks for no tasks without a session', async () => {
    const fake = createFakeApi({ ...fakeRoute(apiRoutes.auth.refresh, SIGNED_OUT) });
    fake.install();
    const app = createApp({ session: { locks: null, channel: null } });
    try {
      await app.services.session.initialize();
      preloadRouteChunks('/actions', app);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fake.callsTo(apiRoutes.tasks.list)).toHaveLength(0);
    } finally {
      app.dispose();
    }
  });
});
