import { type MessengerConnection, routes as apiRoutes } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { makeConnection } from '@/features/messengers/test-support/messenger-fixtures';
import { errorReply, makeSession, type FakeRequest, fakeRoute } from '@/test-support/fake-api';
import { renderApp, sampleSettings, signedInRoutes, SIGNED_OUT } from './test-support/render-app';

// Journeys across features, wired by the app: layouts, auth effects and the demo exit.

describe('demo', () => {
  const demo = makeSession({ user: { isDemo: true, name: 'Demo User', fullName: 'Demo User' } });

  it('enters from /auth into the app with the demo label, keeping the chosen language', async () => {
    const { user, fake } = renderApp({
      path: '/auth',
      routes: {
        ...signedInRoutes(demo),
        ...fakeRoute(apiRoutes.auth.refresh, SIGNED_OUT),
        ...fakeRoute(apiRoutes.demo.start, { body: demo }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Try demo' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Assistant' })).toBeInTheDocument();
    expect(screen.getByText('Demo mode — sample data.')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /Open settings \(Demo User, demo mode\)/ }),
    ).toBeInTheDocument();
    // The sandbox already speaks English like the visitor, so nothing needs saving.
    await waitFor(() => expect(fake.callsTo(apiRoutes.settings.get)).toHaveLength(1));
    expect(fake.callsTo(apiRoutes.settings.update)).toHaveLength(0);
  });

  it('gives the sandbox the language the visitor chose', async () => {
    const { user, fake } = renderApp({
      path: '/auth',
      routes: {
        ...signedInRoutes(demo),
        ...fakeRoute(apiRoutes.auth.refresh, SIGNED_OUT),
        ...fakeRoute(apiRoutes.demo.start, { body: demo }),
        ...fakeRoute(apiRoutes.settings.update, ({ body }: FakeRequest) => ({
          body: sampleSettings(body as Record<string, unknown>),
        })),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'RU' }));
    await user.click(await screen.findByRole('button', { name: 'Попробовать демо' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ассистент' })).toBeInTheDocument();
    await waitFor(() => expect(fake.callsTo(apiRoutes.settings.update)[0]?.body).toEqual({ language: 'ru' }));
  });

  it('"Create an account" leaves the demo and opens sign-up', async () => {
    const { user, fake, location } = renderApp({ path: '/business', routes: signedInRoutes(demo) });
    await user.click(await screen.findByRole('button', { name: 'Create an account' }));

    await waitFor(() => expect(location().pathname).toBe('/auth'));
    expect(location().search).toBe('?mode=signup');
    expect(await screen.findByRole('tab', { name: 'Sign up', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(fake.callsTo(apiRoutes.auth.signOut)).toHaveLength(1));
  });

  it('turns a demo_restricted refusal into the same way out', async () => {
    const { user, location } = renderApp({
      path: '/actions',
      routes: {
        ...signedInRoutes(demo),
        ...fakeRoute(
          apiRoutes.profile.update,
          errorReply(
            403,
            'demo_restricted',
            'This is not available in demo mode. Create an account to use it.',
          ),
        ),
      },
    });
    await user.click(await screen.findByRole('button', { name: /Open settings/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Settings' }));
    await user.click(await dialog.findByRole('button', { name: 'Edit profile' }));
    await user.clear(dialog.getByLabelText('Email'));
    await user.type(dialog.getByLabelText('Email'), 'me@real.example');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    const toast = (await screen.findByText('Not available in demo mode')).closest('li')!;
    await user.click(within(toast).getByRole('button', { name: 'Create an account' }));
    await waitFor(() => expect(location().pathname).toBe('/auth'));
    expect(location().search).toBe('?mode=signup');
  });
});

describe('settings from the shell', () => {
  it('opens from the user block; a new name shows in the user block', async () => {
    const session = makeSession();
    const { user } = renderApp({
      path: '/actions',
      routes: {
        ...signedInRoutes(session),
        ...fakeRoute(apiRoutes.profile.update, {
          body: { ...session.user, fullName: 'Ada King', name: 'Ada King' },
        }),
      },
    });
    await user.click(
      await screen.findByRole('button', { name: /Open settings \(Ada Lovelace, authorized\)/ }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Settings' }));
    await user.click(await dialog.findByRole('button', { name: 'Edit profile' }));
    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), 'Ada King');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await dialog.findByRole('heading', { name: 'Ada King' });

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      screen.getByRole('button', { name: /Open settings \(Ada King, authorized\)/ }),
    ).toBeInTheDocument();
  });

  it('is reachable on phones from the header avatar', async () => {
    const { user } = renderApp({ path: '/actions', width: 390, routes: signedInRoutes() });
    await user.click(await screen.findByRole('button', { name: /Open settings/ }));
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
  });

  it('signs out back to /auth', async () => {
    const { user, location } = renderApp({ path: '/agent', routes: signedInRoutes() });
    await user.click(await screen.findByRole('button', { name: /Open settings/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Settings' }));
    await user.click(dialog.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(location().pathname).toBe('/auth'));
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  });
});

describe('messengers in the settings', () => {
  it.each([
    ['the change of a connection', (id: string) => ({ type: 'messenger.changed', connectionId: id })],
    // The server's database listener reconnected: it may have missed the change itself.
    ['a resync', () => ({ type: 'resync' })],
  ])('loads the Messengers tab into the dialog and follows live changes: %s', async (_name, event) => {
    const telegram = makeConnection('telegram', { username: '@doppel_bot' });
    let items: MessengerConnection[] = [];
    let events: ReadableStreamDefaultController<Uint8Array> | null = null;
    const { user } = renderApp({
      path: '/actions',
      routes: {
        ...signedInRoutes(),
        ...fakeRoute(apiRoutes.messengers.list, () => ({ body: { items } })),
        ...fakeRoute(apiRoutes.events.stream, () => ({
          headers: { 'content-type': 'text/event-stream' },
          stream: new ReadableStream<Uint8Array>({ start: (controller) => void (events = controller) }),
        })),
      },
    });
    await user.click(await screen.findByRole('button', { name: /Open settings/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Settings' }));
    await user.click(dialog.getByRole('tab', { name: 'Messengers' }));
    const card = within(await dialog.findByRole('listitem', { name: 'Telegram' }));
    expect(card.getByText('not connected')).toBeInTheDocument();
    expect(dialog.getByRole('region', { name: 'How it works' })).toBeInTheDocument();

    // Connected in another tab: the server says so on the event stream.
    items = [telegram];
    await waitFor(() => expect(events).not.toBeNull());
    events!.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(event(telegram.id))}\n\n`));
    expect(await card.findByText('@doppel_bot')).toBeInTheDocument();
    events!.close();
  });
});

describe('language on sign-in', () => {
  it('applies the account’s saved interface language when the session starts', async () => {
    renderApp({
      path: '/actions',
      routes: {
        ...signedInRoutes(),
        ...fakeRoute(apiRoutes.settings.get, { body: sampleSettings({ language: 'de' }) }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Assistent' })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
  });
});
