import {
  routes as apiRoutes,
  type NotificationStatus,
  type TelegramLink,
  type UserSettings,
} from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setOpenSettingsHandler } from '@/lib/open-settings';
import { fakeRoute, OK_REPLY } from '@/test-support/fake-api';
import {
  renderWithProviders,
  sampleSettings,
  signedInRoutes,
  type ServerRoutes,
} from '@/test-support/render-with-providers';
import { SettingsDialog } from './settings-dialog';

/** The server's VAPID key (a P-256 point, base64url) the browser must subscribe with. */
const VAPID_KEY = Buffer.from([4, ...Array.from({ length: 64 }, (_, index) => index)]).toString('base64url');

const notLinked: NotificationStatus['telegram'] = { bot: null, linkedAt: null, linkPendingUntil: null };

/** A server holding the user's settings and notification state. */
function notificationsServer(
  initial: { settings?: Partial<UserSettings>; status?: Partial<NotificationStatus> } = {},
  extra: ServerRoutes = {},
) {
  let settings = sampleSettings(initial.settings);
  const server: { status: NotificationStatus } = {
    status: { pushSubscriptions: 0, telegram: notLinked, ...initial.status },
  };
  const routes: ServerRoutes = {
    ...signedInRoutes(),
    ...fakeRoute(apiRoutes.settings.get, () => ({ body: settings })),
    ...fakeRoute(apiRoutes.settings.update, ({ body }) => {
      const patch = body as Partial<UserSettings>;
      settings = {
        ...settings,
        ...patch,
        notifications: { ...settings.notifications, ...patch.notifications },
      };
      return { body: settings };
    }),
    ...fakeRoute(apiRoutes.notifications.status, () => ({ body: server.status })),
    ...fakeRoute(apiRoutes.notifications.pushKey, { body: { publicKey: VAPID_KEY } }),
    ...fakeRoute(apiRoutes.notifications.subscribePush, () => {
      server.status = { ...server.status, pushSubscriptions: server.status.pushSubscriptions + 1 };
      return OK_REPLY;
    }),
    ...fakeRoute(apiRoutes.notifications.unsubscribePush, () => {
      server.status = { ...server.status, pushSubscriptions: server.status.pushSubscriptions - 1 };
      return OK_REPLY;
    }),
    ...fakeRoute(apiRoutes.notifications.testPush, { body: { sent: 1, failed: 0 } }),
    ...extra,
  };
  return { routes, server };
}

async function openNotifications(routes: ServerRoutes) {
  const rendered = renderWithProviders(
    <Route path="*" element={<SettingsDialog open onOpenChange={() => {}} />} />,
    { server: routes },
  );
  const dialog = within(await screen.findByRole('dialog', { name: 'Settings' }));
  await waitFor(() => expect(rendered.services.session.getState().status).toBe('signedIn'));
  await rendered.user.click(dialog.getByRole('tab', { name: 'Notifications' }));
  await dialog.findByRole('region', { name: 'Email' });
  return { ...rendered, dialog };
}

const section = (name: string) => within(screen.getByRole('region', { name }));

/*
 * The browser's side of push: jsdom has no Notification, PushManager or service workers, so the
 * test plays a browser that has them: its permission prompt answers `answer`.
 */
function browserWithPush(permission: NotificationPermission, answer: NotificationPermission = permission) {
  let subscription: PushSubscription | null = null;
  const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
    const key = new Uint8Array(options.applicationServerKey as Uint8Array);
    subscription = {
      endpoint: 'https://push.example.com/send/abc123',
      options: { applicationServerKey: key.buffer, userVisibleOnly: true },
      toJSON: () => ({
        endpoint: 'https://push.example.com/send/abc123',
        expirationTime: null,
        keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) },
      }),
      unsubscribe: vi.fn(async () => {
        subscription = null;
        return true;
      }),
    } as unknown as PushSubscription;
    return subscription;
  });
  const registration = { pushManager: { getSubscription: async () => subscription, subscribe } };
  const register = vi.fn(async () => registration);
  class FakeNotification {
    static permission: NotificationPermission = permission;
    static requestPermission = vi.fn(async () => (FakeNotification.permission = answer));
  }
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register,
      ready: Promise.resolve(registration),
      getRegistration: async () => (register.mock.calls.length > 0 ? registration : undefined),
    },
  });
  return { register, subscribe, requestPermission: FakeNotification.requestPermission };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  setOpenSettingsHandler(null);
});

describe('notifications tab: email', () => {
  it('turns urgent-task emails to instant, then off, saving each change', async () => {
    const { routes } = notificationsServer();
    const { user, fake } = await openNotifications(routes);
    const email = section('Email');
    const toggle = email.getByRole('switch', { name: 'Email me about urgent tasks' });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription('Sent to your account’s email address.');
    expect(email.getByRole('radio', { name: /One digest a day/ })).toBeChecked();

    await user.click(email.getByRole('radio', { name: /As soon as one comes in/ }));
    await waitFor(() => expect(email.getByRole('radio', { name: /As soon as one comes in/ })).toBeChecked());
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(email.getByRole('radio', { name: /As soon as one comes in/ })).toBeDisabled();
    await waitFor(() =>
      expect(fake.callsTo(apiRoutes.settings.update).map((call) => call.body)).toEqual([
        { notifications: { emailDigest: 'instant' } },
        { notifications: { email: false } },
      ]),
    );
  });
});

describe('notifications tab: browser push', () => {
  it('says when this browser cannot show notifications', async () => {
    const { routes } = notificationsServer();
    await openNotifications(routes);
    const push = section('Browser notifications');
    expect(push.getByText(/This browser cannot show push notifications/)).toBeInTheDocument();
    expect(push.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('asks permission, subscribes with the server’s key, hands the subscription over and can send a test', async () => {
    const browser = browserWithPush('default', 'granted');
    const { routes } = notificationsServer();
    const { user, fake } = await openNotifications(routes);
    const push = section('Browser notifications');
    const toggle = push.getByRole('switch', { name: 'Notifications in this browser' });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    expect(await screen.findByText('Browser notifications are on')).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const [options] = browser.subscribe.mock.calls[0]!;
    expect(options.userVisibleOnly).toBe(true);
    expect(Buffer.from(options.applicationServerKey as Uint8Array).toString('base64url')).toBe(VAPID_KEY);
    expect(fake.callsTo(apiRoutes.notifications.subscribePush).map((call) => call.body)).toEqual([
      {
        endpoint: 'https://push.example.com/send/abc123',
        keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) },
      },
    ]);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(fake.callsTo(apiRoutes.settings.update).map((call) => call.body)).toEqual([
      { notifications: { push: true } },
    ]);

    await user.click(push.getByRole('button', { name: 'Send a test' }));
    expect(await screen.findByText('A test notification is on its way to this browser.')).toBeInTheDocument();

    // Off: this browser unsubscribes, and with no other browser left the account's setting goes off.
    await user.click(toggle);
    await waitFor(() => expect(fake.callsTo(apiRoutes.notifications.unsubscribePush)).toHaveLength(1));
    expect(fake.callsTo(apiRoutes.notifications.unsubscribePush)[0]!.body).toEqual({
      endpoint: 'https://push.example.com/send/abc123',
    });
    await waitFor(() => expect(toggle).not.toBeChecked());
    await waitFor(() =>
      expect(fake.callsTo(apiRoutes.settings.update).at(-1)!.body).toEqual({
        notifications: { push: false },
      }),
    );
  });

  it('stops this browser’s notifications when the user signs out, then signs out', async () => {
    browserWithPush('default', 'granted');
    const { routes } = notificationsServer();
    const { user, fake, dialog, services } = await openNotifications(routes);
    const toggle = section('Browser notifications').getByRole('switch', {
      name: 'Notifications in this browser',
    });
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());

    await user.click(dialog.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(services.session.getState().status).toBe('signedOut'));
    // Whoever signs in next on this computer does not get this account's notifications.
    expect(fake.callsTo(apiRoutes.notifications.unsubscribePush).map((call) => call.body)).toEqual([
      { endpoint: 'https://push.example.com/send/abc123' },
    ]);
    expect(fake.callsTo(apiRoutes.auth.signOut)).toHaveLength(1);
  });

  it('explains a denied permission and subscribes nothing', async () => {
    const browser = browserWithPush('default', 'denied');
    const { routes } = notificationsServer();
    const { user, fake } = await openNotifications(routes);
    const push = section('Browser notifications');
    await user.click(push.getByRole('switch', { name: 'Notifications in this browser' }));

    expect(await push.findByRole('alert')).toHaveTextContent(
      'Notifications are blocked for Doppel in this browser. Allow them in the site settings',
    );
    expect(push.getByRole('switch', { name: 'Notifications in this browser' })).toBeDisabled();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(fake.callsTo(apiRoutes.notifications.subscribePush)).toHaveLength(0);
    expect(fake.callsTo(apiRoutes.settings.update)).toHaveLength(0);
  });
});

describe('notifications tab: Telegram', () => {
  it('without a connected bot, says so and opens Settings → Messengers', async () => {
    const opened: string[] = [];
    setOpenSettingsHandler((tab) => opened.push(tab));
    const { routes } = notificationsServer();
    const { user } = await openNotifications(routes);
    const telegram = section('Telegram');
    expect(telegram.getByText(/Connect the bot in Messengers first/)).toBeInTheDocument();
    await user.click(telegram.getByRole('button', { name: 'Open Messengers' }));
    expect(opened).toEqual(['messengers']);
  });

  it('links the chat with a code for the bot, then shows it linked once the bot got it', async () => {
    const link: TelegramLink = {
      code: 'Zx81_linkCode-abc',
      url: 'https://t.me/acme_twin_bot?start=Zx81_linkCode-abc',
      command: '/start Zx81_linkCode-abc',
      expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    };
    const { routes, server } = notificationsServer({
      status: { telegram: { bot: '@acme_twin_bot', linkedAt: null, linkPendingUntil: null } },
    });
    const { user, fake } = await openNotifications({
      ...routes,
      ...fakeRoute(apiRoutes.notifications.linkTelegram, () => {
        server.status = {
          ...server.status,
          telegram: { ...server.status.telegram, linkPendingUntil: link.expiresAt },
        };
        return { body: link };
      }),
    });
    const telegram = section('Telegram');
    expect(
      telegram.getByText('Link your chat with @acme_twin_bot, and urgent tasks come there.'),
    ).toBeInTheDocument();

    await user.click(telegram.getByRole('button', { name: 'Link Telegram' }));
    const waiting = await telegram.findByRole('status');
    expect(within(waiting).getByText('/start Zx81_linkCode-abc')).toBeInTheDocument();
    expect(within(waiting).getByRole('link', { name: 'Open in Telegram' })).toHaveAttribute('href', link.url);
    expect(telegram.getByRole('button', { name: 'New code' })).toBeInTheDocument();
    await waitFor(() =>
      expect(fake.callsTo(apiRoutes.settings.update).map((call) => call.body)).toEqual([
        { notifications: { telegram: true } },
      ]),
    );

    // The bot got the code: the page, reading the state again meanwhile, shows the chat linked.
    server.status = {
      ...server.status,
      telegram: { bot: '@acme_twin_bot', linkedAt: new Date().toISOString(), linkPendingUntil: null },
    };
    expect(
      await telegram.findByText('Linked to your chat with @acme_twin_bot.', {}, { timeout: 6000 }),
    ).toBeInTheDocument();
    expect(telegram.getByRole('switch', { name: 'Send urgent tasks to Telegram' })).toBeChecked();
  });

  it('turns a linked chat off, and unlinks it', async () => {
    const { routes, server } = notificationsServer({
      settings: {
        notifications: { email: true, emailDigest: 'daily', push: false, telegram: true, whatsapp: false },
      },
      status: {
        telegram: { bot: '@acme_twin_bot', linkedAt: '2026-11-20T10:00:00.000Z', linkPendingUntil: null },
      },
    });
    const { user, fake } = await openNotifications({
      ...routes,
      ...fakeRoute(apiRoutes.notifications.unlinkTelegram, () => {
        server.status = { ...server.status, telegram: { ...server.status.telegram, linkedAt: null } };
        return OK_REPLY;
      }),
    });
    const telegram = section('Telegram');
    const toggle = telegram.getByRole('switch', { name: 'Send urgent tasks to Telegram' });
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(fake.callsTo(apiRoutes.settings.update).map((call) => call.body)).toEqual([
      { notifications: { telegram: false } },
    ]);

    await user.click(telegram.getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('The Telegram chat is unlinked')).toBeInTheDocument();
    expect(await telegram.findByRole('button', { name: 'Link Telegram' })).toBeInTheDocument();
  });
});
