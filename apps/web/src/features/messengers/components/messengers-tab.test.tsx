import { type MessengerConnection, routes as apiRoutes, type SocialAccount } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  errorReply,
  makeSession,
  sequence,
  type FakeRequest,
  fakeRoute,
  OK_REPLY,
  type RouteReply,
} from '@/test-support/fake-api';
import { renderWithProviders, signedInRoutes, type ServerRoutes } from '@/test-support/render-with-providers';
import { makeConnection } from '../test-support/messenger-fixtures';
import { MessengersTab } from './messengers-tab';

const telegram = makeConnection('telegram', {
  username: '@doppel_bot',
  lastSyncAt: '2026-03-14T09:30:00.000Z',
  // A bot on a local install: Telegram refused its webhook, so its messages are pulled.
  inbound: { url: 'http://localhost:3000/webhooks/telegram/1', registered: false },
});
const slack = makeConnection('slack', {
  username: 'doppel',
  health: {
    status: 'failing',
    checkedAt: '2026-03-14T10:00:00.000Z',
    error: 'Slack refused the token: invalid_auth',
  },
});
const discord = makeConnection('discord', {
  username: 'Doppel#0001',
  health: { status: 'unknown', checkedAt: null, error: null },
});

const redditAccount: SocialAccount = {
  platform: 'reddit',
  state: 'disconnected',
  accountName: null,
  problem: null,
  app: { source: 'server', clientId: null },
  redirectUri: 'http://localhost:3000/oauth/reddit/callback',
  connectedAt: null,
  isSample: false,
};
const linkedinAccount: SocialAccount = {
  ...redditAccount,
  platform: 'linkedin',
  state: 'connected',
  accountName: 'Dana Founder',
  connectedAt: '2026-03-14T09:00:00.000Z',
  redirectUri: 'http://localhost:3000/oauth/linkedin/callback',
};

function list(...items: MessengerConnection[]): RouteReply<typeof apiRoutes.messengers.list> {
  return { body: { items } };
}

async function renderTab(server: ServerRoutes = {}, session = makeSession()) {
  const rendered = renderWithProviders(<Route path="*" element={<MessengersTab />} />, {
    server: {
      ...signedInRoutes(session),
      ...fakeRoute(apiRoutes.messengers.list, list(telegram, slack, discord)),
      ...fakeRoute(apiRoutes.socialAccounts.list, { body: { items: [redditAccount, linkedinAccount] } }),
      ...server,
    },
  });
  await waitFor(() => expect(rendered.services.session.getState().status).toBe('signedIn'));
  return rendered;
}

function card(name: string) {
  return within(screen.getByRole('listitem', { name }));
}

function formatted(iso: string): string {
  return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

describe('Messengers tab', () => {
  it('shows the five platforms, each connected with its details or not connected', async () => {
    await renderTab();
    const cards = await screen.findAllByRole('listitem', { name: /Telegram|WhatsApp|Discord|Slack|Email/ });
    expect(cards.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Telegram',
      'WhatsApp',
      'Discord',
      'Slack',
      'Email',
    ]);

    const tg = card('Telegram');
    expect(tg.getByText('Connected')).toBeInTheDocument();
    expect(tg.getByText('@doppel_bot')).toBeInTheDocument();
    expect(tg.getByText('Working')).toBeInTheDocument();
    expect(tg.getByText(formatted('2026-03-14T09:30:00.000Z'))).toBeInTheDocument();
    expect(tg.getByRole('switch', { name: 'Read messages' })).toBeChecked();
    expect(tg.getByRole('switch', { name: 'Send messages' })).toBeChecked();
    expect(tg.getByRole('button', { name: 'Test Telegram' })).toBeEnabled();
    expect(tg.getByRole('button', { name: 'Sync Telegram' })).toBeEnabled();
    expect(tg.getByRole('button', { name: 'Disconnect Telegram' })).toBeEnabled();

    const sl = card('Slack');
    expect(sl.getByText('Failing')).toBeInTheDocument();
    expect(sl.getByText('Slack refused the token: invalid_auth')).toBeInTheDocument();
    expect(sl.getByText('never')).toBeInTheDocument();
    expect(sl.getByRole('button', { name: 'Sync Slack' })).toBeInTheDocument();

    // Discord only pushes to its webhook: nothing to pull.
    const dc = card('Discord');
    expect(dc.getByText('Not checked yet')).toBeInTheDocument();
    expect(dc.getByRole('button', { name: 'Test Discord' })).toBeInTheDocument();
    expect(dc.queryByRole('button', { name: 'Sync Discord' })).not.toBeInTheDocument();

    const wa = card('WhatsApp');
    expect(wa.getByText('not connected')).toBeInTheDocument();
    expect(wa.getByRole('button', { name: 'Connect WhatsApp' })).toBeEnabled();
    expect(wa.queryByRole('button', { name: /Test|Sync|Disconnect/ })).not.toBeInTheDocument();
    expect(wa.queryByRole('switch')).not.toBeInTheDocument();
    expect(card('Email').getByRole('button', { name: 'Connect Email' })).toBeEnabled();

    const info = within(screen.getByRole('region', { name: 'How it works' }));
    expect(info.getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Encrypted credentials',
      'Real-time sync',
      'AI automation',
      'Health monitoring',
    ]);
  });

  it('offers no Sync for a Telegram bot whose webhook is registered: Telegram pushes to it', async () => {
    const pushed = { ...telegram, inbound: { ...telegram.inbound, registered: true } };
    await renderTab({ ...fakeRoute(apiRoutes.messengers.list, list(pushed, slack)) });
    await screen.findByRole('button', { name: 'Test Telegram' });
    expect(card('Telegram').queryByRole('button', { name: 'Sync Telegram' })).not.toBeInTheDocument();
    expect(card('Slack').getByRole('button', { name: 'Sync Slack' })).toBeInTheDocument();
  });

  it('shows a placeholder while loading, then the cards', async () => {
    let answer: (reply: RouteReply<typeof apiRoutes.messengers.list>) => void = () => {};
    const { container } = await renderTab({
      ...fakeRoute(apiRoutes.messengers.list, () => new Promise((resolve) => (answer = resolve))),
    });
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).not.toBeNull());
    expect(screen.queryByRole('listitem', { name: 'Telegram' })).not.toBeInTheDocument();
    answer(list(telegram));
    expect(await screen.findByRole('listitem', { name: 'Telegram' })).toBeInTheDocument();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('offers a retry and shows no cards when the list cannot be loaded', async () => {
    const { fake, user } = await renderTab({
      ...fakeRoute(apiRoutes.messengers.list, errorReply(500, 'internal', '')),
    });
    expect(
      await screen.findByText('Failed to load the messengers', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Telegram' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Test/ })).not.toBeInTheDocument();

    fake.route(apiRoutes.messengers.list, list(telegram));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card('Telegram').findByText('@doppel_bot')).toBeInTheDocument();
  });

  it('tests a connection: passed, failed with the platform’s reason, and an error', async () => {
    const failing = {
      ...telegram,
      health: { status: 'failing' as const, checkedAt: '2026-03-14T11:00:00.000Z', error: 'Unauthorized' },
    };
    let current = telegram;
    const answers = sequence(
      { body: { ok: true, error: null, connection: telegram } },
      { body: { ok: false, error: 'Telegram refused the bot token: Unauthorized', connection: failing } },
      errorReply(500, 'internal', ''),
    );
    const { user, fake } = await renderTab({
      ...fakeRoute(apiRoutes.messengers.list, () => list(current, slack, discord)),
      ...fakeRoute(apiRoutes.messengers.test, { id: telegram.id }, async (request) => {
        const reply = (await answers(request)) as RouteReply<typeof apiRoutes.messengers.test>;
        if (reply.body && 'connection' in reply.body) current = reply.body.connection;
        return reply;
      }),
    });
    const test = await screen.findByRole('button', { name: 'Test Telegram' });

    await user.click(test);
    expect(await screen.findByText('Telegram is working correctly')).toBeInTheDocument();

    await user.click(test);
    expect(await screen.findByText('Connection unavailable')).toBeInTheDocument();
    expect(screen.getByText('Telegram refused the bot token: Unauthorized')).toBeInTheDocument();
    // The health the test found is shown on the card.
    expect(await card('Telegram').findByText('Failing')).toBeInTheDocument();
    expect(card('Telegram').getByText('Unauthorized')).toBeInTheDocument();

    await user.click(test);
    expect(await screen.findByText('Failed to test the connection')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.messengers.test, { id: telegram.id })).toHaveLength(3);
  });

  it('syncs: says how many messages came in, and shows why a platform cannot be pulled', async () => {
    const synced = { ...telegram, lastSyncAt: '2026-03-15T12:45:00.000Z' };
    let current = telegram;
    const answers = sequence(
      { body: { received: 3, connection: synced } },
      errorReply(
        409,
        'conflict',
        'Telegram sends messages to Doppel as they arrive; there is nothing to pull.',
      ),
    );
    const { user, fake } = await renderTab({
      ...fakeRoute(apiRoutes.messengers.list, () => list(current, slack, discord)),
      ...fakeRoute(apiRoutes.messengers.sync, { id: telegram.id }, async (request) => {
        const reply = (await answers(request)) as RouteReply<typeof apiRoutes.messengers.sync>;
        if (reply.status === undefined) current = synced;
        return reply;
      }),
    });
    const sync = await screen.findByRole('button', { name: 'Sync Telegram' });
    await user.click(sync);
    expect(await screen.findByText('Telegram synced. New messages: 3')).toBeInTheDocument();
    expect(await card('Telegram').findByText(formatted('2026-03-15T12:45:00.000Z'))).toBeInTheDocument();

    await user.click(sync);
    expect(await screen.findByText('Failed to sync messages')).toBeInTheDocument();
    expect(
      screen.getByText('Telegram sends messages to Doppel as they arrive; there is nothing to pull.'),
    ).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.messengers.sync, { id: telegram.id })).toHaveLength(2);
  });

  it('asks before disconnecting, and disconnects only when confirmed', async () => {
    let connected = true;
    const { user, fake } = await renderTab({
      ...fakeRoute(apiRoutes.messengers.list, () =>
        connected ? list(telegram, slack, discord) : list(slack, discord),
      ),
      ...fakeRoute(apiRoutes.messengers.disconnect, { id: telegram.id }, () => {
        connected = false;
        return OK_REPLY;
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Disconnect Telegram' }));
    let confirm = within(await screen.findByRole('alertdialog', { name: 'Disconnect Telegram?' }));
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fake.callsTo(apiRoutes.messengers.disconnect, { id: telegram.id })).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Disconnect Telegram' }));
    confirm = within(await screen.findByRole('alertdialog', { name: 'Disconnect Telegram?' }));
    await user.click(confirm.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Telegram disconnected')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.messengers.disconnect, { id: telegram.id })).toHaveLength(1);
    expect(await card('Telegram').findByText('not connected')).toBeInTheDocument();
    expect(card('Telegram').getByRole('button', { name: 'Connect Telegram' })).toBeInTheDocument();
  });

  it('says so when disconnecting fails, and keeps the connection', async () => {
    const { user } = await renderTab({
      ...fakeRoute(apiRoutes.messengers.disconnect, { id: telegram.id }, errorReply(500, 'internal', '')),
    });
    await user.click(await screen.findByRole('button', { name: 'Disconnect Telegram' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Disconnect Telegram?' }));
    await user.click(confirm.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Failed to disconnect the messenger')).toBeInTheDocument();
    // The question stays, to try again or cancel.
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(card('Telegram').getByText('Connected')).toBeInTheDocument();
  });

  it('saves a permission as soon as it is switched', async () => {
    let current = telegram;
    const { user, fake } = await renderTab({
      ...fakeRoute(apiRoutes.messengers.list, () => list(current, slack, discord)),
      ...fakeRoute(apiRoutes.messengers.update, { id: telegram.id }, ({ body }: FakeRequest) => {
        current = { ...telegram, ...(body as object) };
        return { body: current };
      }),
    });
    const send = await card('Telegram').findByRole('switch', { name: 'Send messages' });
    await user.click(send);
    await waitFor(() =>
      expect(fake.callsTo(apiRoutes.messengers.update, { id: telegram.id })[0]?.body).toEqual({
        permissions: ['read_messages'],
      }),
    );
    expect(await screen.findByText('Permissions of Telegram saved')).toBeInTheDocument();
    expect(card('Telegram').getByRole('switch', { name: 'Send messages' })).not.toBeChecked();
    expect(card('Telegram').getByRole('switch', { name: 'Read messages' })).toBeChecked();
  });

  it('in demo mode explains that connecting needs an account and does not offer it', async () => {
    const demo = makeSession({ user: { isDemo: true, name: 'Demo User', fullName: 'Demo User' } });
    await renderTab({ ...fakeRoute(apiRoutes.messengers.list, list()) }, demo);
    expect(await screen.findByText('Connecting a messenger needs an account')).toBeInTheDocument();
    const connect = screen.getByRole('button', { name: 'Connect' });
    expect(connect).toBeDisabled();
    expect(connect).toHaveAccessibleDescription(/Create an account to connect Telegram/);
    for (const name of ['Telegram', 'WhatsApp', 'Discord', 'Slack', 'Email']) {
      expect(card(name).getByRole('button', { name: `Connect ${name}` })).toBeDisabled();
    }
  });
});

describe('Email card', () => {
  it('offers Test, Sync and Disconnect for a connected mailbox, and nothing while it is idle', async () => {
    await renderTab({ ...fakeRoute(apiRoutes.messengers.list, list(makeConnection('email'))) });
    const email = within(await screen.findByRole('listitem', { name: 'Email' }));
    expect(await email.findByText('ada@example.com')).toBeInTheDocument();
    expect(email.getByRole('button', { name: 'Test Email' })).toBeEnabled();
    expect(email.getByRole('button', { name: 'Sync Email' })).toBeEnabled();
    expect(email.getByRole('button', { name: 'Disconnect Email' })).toBeEnabled();
    expect(email.getByRole('switch', { name: 'Send messages' })).toBeEnabled();
    expect(email.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(email.queryByText('Sample')).not.toBeInTheDocument();
  });

  it('shows how far a mailbox read has got, and follows it until it is done', async () => {
    let mailbox: MessengerConnection['mailbox'] = { state: 'syncing', done: 0, total: 0, error: null };
    await renderTab({
      ...fakeRoute(apiRoutes.messengers.list, () => list(makeConnection('email', { mailbox }))),
    });
    const email = within(await screen.findByRole('listitem', { name: 'Email' }));
    // Not counted yet: no value on the bar.
    const starting = await email.findByRole('progressbar', { name: 'Reading mail' });
    expect(starting).not.toHaveAttribute('aria-valuenow');
    expect(email.getByText('Reading mail…')).toBeInTheDocument();

    mailbox = { state: 'syncing', done: 120, total: 480, error: null };
    // The card reads the list again while the mailbox is being read.
    expect(await email.findByText('Reading mail… 120 of 480', {}, { timeout: 8000 })).toBeInTheDocument();
    const bar = email.getByRole('progressbar', { name: 'Reading mail' });
    expect(bar).toHaveAttribute('aria-valuenow', '120');
    expect(bar).toHaveAttribute('aria-valuemax', '480');
    expect(bar).toHaveAttribute('aria-valuetext', 'Reading mail… 120 of 480');

    mailbox = { state: 'idle', done: 480, total: 480, error: null };
    await waitFor(() => expect(email.queryByRole('progressbar')).not.toBeInTheDocument(), { timeout: 8000 });
  });

  it('syncs a mailbox by starting a read, whose progress the card then shows', async () => {
    let current = makeConnection('email');
    const { user, fake } = await renderTab({
      ...fakeRoute(apiRoutes.messengers.list, () => list(current)),
      ...fakeRoute(apiRoutes.messengers.sync, { id: current.id }, () => {
        current = { ...current, mailbox: { state: 'syncing', done: 0, total: 35, error: null } };
        return { body: { received: 0, connection: current } };
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Sync Email' }));
    expect(
      await screen.findByText('Reading your mailbox: new mail becomes tasks as it is read.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/New messages: 0/)).not.toBeInTheDocument();
    const email = within(screen.getByRole('listitem', { name: 'Email' }));
    expect(await email.findByText('Reading mail… 0 of 35')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.messengers.sync, { id: current.id })).toHaveLength(1);
  });

  it('says why the last read of the mailbox failed', async () => {
    const failed = makeConnection('email', {
      mailbox: { state: 'failed', done: 10, total: 480, error: 'auth_failed' },
    });
    await renderTab({ ...fakeRoute(apiRoutes.messengers.list, list(failed)) });
    const email = within(await screen.findByRole('listitem', { name: 'Email' }));
    expect(
      await email.findByText('Reading mail failed: the server refused the password'),
    ).toBeInTheDocument();
    expect(email.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('labels a demo’s sample mailbox and offers nothing that would contact a server', async () => {
    const demo = makeSession({ user: { isDemo: true, name: 'Demo User', fullName: 'Demo User' } });
    const sample = makeConnection('email', { username: 'demo@doppel.example', isSample: true });
    await renderTab({ ...fakeRoute(apiRoutes.messengers.list, list(sample)) }, demo);
    const email = within(await screen.findByRole('listitem', { name: 'Email' }));
    expect(await email.findByText('Sample')).toBeInTheDocument();
    expect(email.getByText('demo@doppel.example')).toBeInTheDocument();
    expect(email.getByText(/never contacts a mail server/)).toBeInTheDocument();
    expect(email.queryByRole('button', { name: /Test|Sync|Disconnect/ })).not.toBeInTheDocument();
    expect(email.getByRole('switch', { name: 'Read messages' })).toBeDisabled();
    expect(email.getByRole('switch', { name: 'Send messages' })).toBeDisabled();
  });

  describe('Reddit and LinkedIn', () => {
    it('shows each account’s state; Connect goes to the platform’s consent page', async () => {
      const assign = vi.fn();
      vi.stubGlobal('location', { ...window.location, assign });
      try {
        const connects: FakeRequest[] = [];
        const { user } = await renderTab({
          ...fakeRoute(apiRoutes.socialAccounts.connect, (request) => {
            connects.push(request);
            return { body: { authorizeUrl: 'https://www.reddit.com/api/v1/authorize?client_id=x&state=s' } };
          }),
        });
        const reddit = card('Reddit');
        expect(await reddit.findByText('Not connected')).toBeInTheDocument();
        const linkedin = card('LinkedIn');
        expect(linkedin.getByText('Connected')).toBeInTheDocument();
        expect(linkedin.getByText('Signed in as Dana Founder')).toBeInTheDocument();
        await user.click(reddit.getByRole('button', { name: 'Connect Reddit' }));
        await waitFor(() =>
          expect(assign).toHaveBeenCalledWith('https://www.reddit.com/api/v1/authorize?client_id=x&state=s'),
        );
        expect(connects[0]!.path).toBe('/api/social-accounts/reddit/connect');
      } finally {
        vi.unstubAllGlobals();
      }
    });

    it('without an app, asks for the user’s own, checks the fields, and never shows the secret again', async () => {
      const saved: FakeRequest[] = [];
      const noApp: SocialAccount = { ...redditAccount, app: { source: 'none', clientId: null } };
      let current = noApp;
      const { user } = await renderTab({
        ...fakeRoute(apiRoutes.socialAccounts.list, () => ({ body: { items: [current, linkedinAccount] } })),
        ...fakeRoute(apiRoutes.socialAccounts.saveApp, (request) => {
          saved.push(request);
          current = { ...noApp, app: { source: 'user', clientId: 'my-app-id' } };
          return { body: current };
        }),
      });
      const reddit = card('Reddit');
      expect(await reddit.findByRole('button', { name: 'Connect Reddit' })).toBeDisabled();
      expect(reddit.getByText('http://localhost:3000/oauth/reddit/callback')).toBeInTheDocument();
      await user.click(reddit.getByRole('button', { name: 'Save app' }));
      expect(reddit.getByText('Enter the app’s client id')).toBeInTheDocument();
      expect(reddit.getByText('Enter the app’s client secret')).toBeInTheDocument();
      expect(saved).toHaveLength(0);
      await user.type(reddit.getByLabelText('Client ID'), 'my-app-id');
      await user.type(reddit.getByLabelText('Client secret'), 'my-secret');
      await user.click(reddit.getByRole('button', { name: 'Save app' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]!.body).toEqual({ clientId: 'my-app-id', clientSecret: 'my-secret' });
      expect(await reddit.findByText('Your app: my-app-id')).toBeInTheDocument();
      expect(reddit.getByLabelText('Client secret')).toHaveValue('');
      expect(reddit.getByRole('button', { name: 'Connect Reddit' })).toBeEnabled();
    });

    it('a revoked account says to reconnect; Disconnect asks first', async () => {
      const revoked = {
        ...redditAccount,
        state: 'reconnect' as const,
        accountName: 'founder_dana',
        problem: 'token_refused' as const,
      };
      const disconnects: FakeRequest[] = [];
      const { user } = await renderTab({
        ...fakeRoute(apiRoutes.socialAccounts.list, { body: { items: [revoked, linkedinAccount] } }),
        ...fakeRoute(apiRoutes.socialAccounts.disconnect, (request) => {
          disconnects.push(request);
          return { body: { ...linkedinAccount, state: 'disconnected' as const, accountName: null } };
        }),
      });
      const reddit = card('Reddit');
      expect(await reddit.findByText('Reconnect needed')).toBeInTheDocument();
      expect(reddit.getByText(/Reddit no longer accepts Doppel’s access/)).toBeInTheDocument();
      expect(reddit.getByRole('button', { name: 'Reconnect Reddit' })).toBeEnabled();

      await user.click(card('LinkedIn').getByRole('button', { name: 'Disconnect' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect LinkedIn?' });
      expect(disconnects).toHaveLength(0);
      await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
      await waitFor(() => expect(disconnects).toHaveLength(1));
      expect(disconnects[0]!.path).toBe('/api/social-accounts/linkedin');
    });
  });
});
