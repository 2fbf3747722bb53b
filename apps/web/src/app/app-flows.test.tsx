import { type MessengerConnection, routes as apiRoutes, type Task } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { campaignDetailServer, makeLead } from '@/features/campaigns/test-support/campaign-detail-server';
import { makeConnection } from '@/features/messengers/test-support/messenger-fixtures';
import { errorReply, makeSession, type FakeRequest, fakeRoute } from '@/test-support/fake-api';
import { makeTask, taskPage } from '@/test-support/task-fixtures';
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
    expect(screen.getByRole('button', { name: /Open settings: Demo User, demo mode/ })).toBeInTheDocument();
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
    await user.click(await screen.findByRole('button', { name: /Open settings: Ada Lovelace, authorized/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Settings' }));
    await user.click(await dialog.findByRole('button', { name: 'Edit profile' }));
    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), 'Ada King');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await dialog.findByRole('heading', { name: 'Ada King' });

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /Open settings: Ada King, authorized/ })).toBeInTheDocument();
  });

  it('is reachable on phones from the header avatar', async () => {
    const { user } = renderApp({ path: '/actions', width: 390, routes: signedInRoutes() });
    await user.click(await screen.findByRole('button', { name: /Open settings/ }));
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
  });

  // Settings opens from the layout's state, with no Radix trigger to return focus to.
  it.each([
    ['desktop user block', 1280],
    ['phone header avatar', 390],
  ])('gives focus back to the %s on Escape', async (_name, width) => {
    const { user } = renderApp({ path: '/actions', width, routes: signedInRoutes() });
    const opener = await screen.findByRole('button', { name: /Open settings/ });
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Settings' });
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: 'Settings' })).toContainElement(
        document.activeElement as HTMLElement,
      ),
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
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

/** An /events stream the test writes change events into. */
function eventStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  return {
    route: fakeRoute(apiRoutes.events.stream, () => ({
      headers: { 'content-type': 'text/event-stream' },
      stream: new ReadableStream<Uint8Array>({ start: (opened) => void (controller = opened) }),
    })),
    async send(event: object) {
      await waitFor(() => expect(controller).not.toBeNull());
      controller!.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(event)}\n\n`));
    },
    close: () => controller?.close(),
  };
}

describe('email from the user’s mailbox', () => {
  it('moves a sent email from Sending… to delivered when the server changes its task', async () => {
    const queued = makeTask({
      title: 'Reply to Ben about the pilot',
      status: 'completed',
      contactId: 'c2',
      contact: { id: 'c2', name: 'Ben Carter', company: 'Acme', source: 'email', language: 'en' },
      responses: { custom: 'See you in May.', sent: 'See you in May.' },
      context: { delivery: { status: 'queued', channel: 'email', at: '2026-11-05T10:00:00.000Z' } },
    });
    let current: Task = queued;
    const events = eventStream();
    renderApp({
      path: `/actions?task=${queued.id}`,
      routes: {
        ...signedInRoutes(),
        ...fakeRoute(apiRoutes.tasks.list, () => ({
          body: taskPage([current]),
        })),
        ...fakeRoute(apiRoutes.tasks.get, { id: queued.id }, () => ({ body: current })),
        ...events.route,
      },
    });
    const sent = within(await screen.findByRole('region', { name: 'Sent message' }));
    expect(sent.getByRole('status')).toHaveTextContent('Sending…');

    // The mail server took it: the worker's write reaches the tab as the task's change.
    current = {
      ...queued,
      context: { delivery: { status: 'sent', channel: 'email', at: '2026-11-05T10:00:05.000Z' } },
    };
    await events.send({ type: 'task.updated', taskId: queued.id });
    await waitFor(() => expect(sent.getByRole('status')).toHaveTextContent('Delivered via Email'));
    events.close();
  });

  it('leads from "connect your mailbox" to Settings → Messengers', async () => {
    const lead = makeLead({ name: 'Maya Chen', email: 'maya@northwind.example' });
    const server = campaignDetailServer({ leads: [lead], mailbox: false });
    const { user } = renderApp({
      path: `/business/${server.state.campaign.id}?tab=leads`,
      routes: { ...server.routes, ...fakeRoute(apiRoutes.messengers.list, { body: { items: [] } }) },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Maya Chen' }));
    await user.click(screen.getByRole('button', { name: 'Bulk Email' }));
    const bulk = within(await screen.findByRole('dialog', { name: 'Bulk Email' }));
    await user.type(bulk.getByRole('textbox', { name: 'Subject' }), 'Hello');
    await user.type(bulk.getByRole('textbox', { name: 'Message' }), 'Hi');
    await user.click(bulk.getByRole('button', { name: 'Send to 1' }));
    await user.click(await bulk.findByRole('button', { name: 'Open Settings → Messengers' }));

    const settings = within(await screen.findByRole('dialog', { name: 'Settings' }));
    expect(settings.getByRole('tab', { name: 'Messengers' })).toHaveAttribute('aria-selected', 'true');
    const email = within(await settings.findByRole('listitem', { name: 'Email' }));
    expect(email.getByRole('button', { name: 'Connect Email' })).toBeEnabled();
    expect(screen.queryByRole('dialog', { name: 'Bulk Email' })).not.toBeInTheDocument();
  });

  it('offers the same way from a refusal’s toast', async () => {
    // A refused email reopens its task, for Retry.
    const failed = makeTask({
      title: 'Reply to Ben about the pilot',
      status: 'pending',
      contact: { id: 'c2', name: 'Ben Carter', company: null, source: 'email', language: 'en' },
      responses: { sent: 'See you in May.' },
      context: { delivery: { status: 'failed', channel: 'email', at: '2026-11-05T10:00:00.000Z' } },
    });
    const { user } = renderApp({
      path: `/actions?task=${failed.id}`,
      routes: {
        ...signedInRoutes(),
        ...fakeRoute(apiRoutes.tasks.get, { id: failed.id }, { body: failed }),
        ...fakeRoute(apiRoutes.messengers.list, { body: { items: [] } }),
        ...fakeRoute(
          apiRoutes.tasks.retryDelivery,
          { id: failed.id },
          errorReply(409, 'mailbox_required', 'No mailbox is connected with sending allowed.'),
        ),
      },
    });
    const sent = within(await screen.findByRole('region', { name: 'Sent message' }));
    await user.click(sent.getByRole('button', { name: 'Retry' }));
    const toast = within(
      (await screen.findByText('No mailbox is connected with sending allowed.')).closest('li')!,
    );
    await user.click(toast.getByRole('button', { name: 'Open Settings → Messengers' }));
    const settings = within(await screen.findByRole('dialog', { name: 'Settings' }));
    expect(settings.getByRole('tab', { name: 'Messengers' })).toHaveAttribute('aria-selected', 'true');
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
