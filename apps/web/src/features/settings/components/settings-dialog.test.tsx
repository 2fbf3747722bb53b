import { routes as apiRoutes, type Subscription, type UserSettings } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import {
  errorReply,
  makeSession,
  makeUser,
  type FakeRequest,
  fakeRoute,
  routeKey,
} from '@/test-support/fake-api';
import { Route } from 'react-router';
import { setCreateAccountHandler } from '@/lib/notify';
import {
  renderWithProviders,
  sampleSettings,
  signedInRoutes,
  type ServerRoutes,
} from '@/test-support/render-with-providers';
import { SettingsDialog } from './settings-dialog';

const subscription: Subscription = {
  kind: 'stripe',
  planName: 'Pro Plan',
  priceCents: 2900,
  currency: 'USD',
  billingPeriod: 'monthly',
  annualDiscountPercent: 20,
  tokenQuota: 1_000_000,
  status: 'active',
  nextBillingDate: '2025-07-01T00:00:00.000Z',
  paymentMethod: null,
  isSample: false,
  cancelAtPeriodEnd: false,
  billingEnabled: true,
  hasPaymentAccount: true,
  isInstanceOwner: false,
};

async function openSettings({ routes = signedInRoutes() }: { routes?: ServerRoutes } = {}) {
  const rendered = renderWithProviders(
    <Route path="*" element={<SettingsDialog open onOpenChange={() => {}} />} />,
    { server: routes },
  );
  const dialog = await screen.findByRole('dialog', { name: 'Settings' });
  // The dialog shows the session's state: wait for the restore, as the app does.
  await waitFor(() => expect(rendered.services.session.getState().status).toBe('signedIn'));
  return { ...rendered, dialog: within(dialog) };
}

describe('settings dialog', () => {
  it('opens from the user block with its banner, ten tabs and the sign-out button', async () => {
    const { dialog } = await openSettings();
    expect(dialog.getByRole('tablist', { name: 'Settings sections' })).toBeInTheDocument();
    expect(dialog.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Subscription',
      'Tokens',
      'Security',
      'Notifications',
      'Language',
      'Learned voice',
      'Messengers',
      'MCP',
      'AI models',
    ]);
    expect(dialog.getByText('Connected')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Exit demo' })).not.toBeInTheDocument();
  });

  it('shows the profile: role, registration date, status and the user id', async () => {
    const { dialog } = await openSettings();
    expect(await dialog.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(dialog.getByText('User')).toBeInTheDocument();
    expect(dialog.getByText('March 14, 2025')).toBeInTheDocument();
    expect(dialog.getByText('active')).toBeInTheDocument();
    expect(dialog.getByText(makeUser().id)).toBeInTheDocument();
  });

  it('edits the name, saves it and gives the session the new user', async () => {
    const session = makeSession();
    const patches: unknown[] = [];
    const { user, dialog, services } = await openSettings({
      routes: {
        ...signedInRoutes(session),
        ...fakeRoute(apiRoutes.profile.update, ({ body }: FakeRequest) => {
          patches.push(body);
          return { body: { ...session.user, fullName: 'Ada King', name: 'Ada King' } };
        }),
      },
    });
    await user.click(await dialog.findByRole('button', { name: 'Edit profile' }));
    const name = dialog.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Ada King');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(patches).toEqual([{ fullName: 'Ada King' }]);
    expect(await dialog.findByRole('heading', { name: 'Ada King' })).toBeInTheDocument();
    // The sidebar and other tabs read the user from the session.
    expect(services.session.session?.user.name).toBe('Ada King');
  });

  it('requires a name and cancels without saving', async () => {
    const { user, dialog, fake } = await openSettings();
    await user.click(await dialog.findByRole('button', { name: 'Edit profile' }));
    await user.clear(dialog.getByLabelText('Name'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Name is required')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(dialog.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.profile.update)).toHaveLength(0);
  });

  it('tells that a new email waits for confirmation', async () => {
    const session = makeSession();
    const { user, dialog, fake } = await openSettings({
      routes: {
        ...signedInRoutes(session),
        ...fakeRoute(apiRoutes.profile.update, {
          body: { ...session.user, pendingEmail: 'ada@new.example' },
        }),
      },
    });
    await user.click(await dialog.findByRole('button', { name: 'Edit profile' }));
    const email = dialog.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'ada@new.example');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText(/We sent a confirmation link to ada@new\.example/)).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.profile.update)[0]!.body).toEqual({ email: 'ada@new.example' });
  });

  it('falls back to the spec’s message when a profile update fails without one', async () => {
    const { user, dialog } = await openSettings({
      routes: { ...signedInRoutes(), [routeKey(apiRoutes.profile.update)]: { status: 500, body: 'oops' } },
    });
    await user.click(await dialog.findByRole('button', { name: 'Edit profile' }));
    await user.type(dialog.getByLabelText('Name'), ' II');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });

  it('shows a paid plan with its price, billing date, discount and quota', async () => {
    const { user, dialog } = await openSettings({
      routes: { ...signedInRoutes(), ...fakeRoute(apiRoutes.subscription.get, { body: subscription }) },
    });
    await user.click(dialog.getByRole('tab', { name: 'Subscription' }));
    expect(await dialog.findByRole('heading', { name: 'Pro Plan' })).toBeInTheDocument();
    expect(dialog.getByText('$29.00 per month')).toBeInTheDocument();
    expect(dialog.getByText('20% annual discount')).toBeInTheDocument();
    expect(dialog.getByText('1M tokens')).toBeInTheDocument();
    expect(dialog.getByText('not set')).toBeInTheDocument();
    expect(dialog.getByText('July 1, 2025')).toBeInTheDocument();
    expect(dialog.queryByText('sample data')).not.toBeInTheDocument();
    // Not the owner: no Users list.
    expect(dialog.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('changes the interface language at once, saves it and remembers it on this device', async () => {
    const { user, dialog, fake } = await openSettings({
      routes: {
        ...signedInRoutes(),
        ...fakeRoute(apiRoutes.settings.update, ({ body }) => ({
          body: sampleSettings(body as Partial<UserSettings>),
        })),
      },
    });
    await user.click(dialog.getByRole('tab', { name: 'Language' }));
    await user.selectOptions(await dialog.findByLabelText('Interface language'), 'Русский');

    expect(await dialog.findByRole('tab', { name: 'Язык' })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
    await waitFor(() => expect(fake.callsTo(apiRoutes.settings.update)[0]?.body).toEqual({ language: 'ru' }));

    await user.selectOptions(dialog.getByLabelText('Язык ответов'), 'Английский');
    const autoTranslate = dialog.getByRole('checkbox', { name: 'Автоматически переводить сообщения' });
    expect(autoTranslate).toBeChecked();
    await user.click(autoTranslate);
    await waitFor(() =>
      expect(fake.callsTo(apiRoutes.settings.update).map((call) => call.body)).toEqual([
        { language: 'ru' },
        { responseLanguage: 'en' },
        { autoTranslate: false },
      ]),
    );
    expect(autoTranslate).not.toBeChecked();
  });

  it('signs out on the server and here', async () => {
    const { user, dialog, fake, services } = await openSettings();
    await user.click(dialog.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Signed out successfully')).toBeInTheDocument();
    expect(services.session.getState().status).toBe('signedOut');
    expect(fake.callsTo(apiRoutes.auth.signOut)).toHaveLength(1);
  });

  it('shows the MCP tab the app passes in', async () => {
    const { user } = renderWithProviders(
      <Route
        path="*"
        element={<SettingsDialog open onOpenChange={() => {}} mcpTab={<h3>External MCP servers</h3>} />}
      />,
      { server: signedInRoutes() },
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Settings' }));
    await user.click(dialog.getByRole('tab', { name: 'MCP' }));
    expect(await dialog.findByRole('heading', { name: 'External MCP servers' })).toBeInTheDocument();
  });
});

describe('settings dialog in demo mode', () => {
  const demo = makeSession({ user: { isDemo: true, name: 'Demo User', fullName: 'Demo User' } });

  it('says demo mode and offers to exit the demo instead of signing out', async () => {
    const { dialog } = await openSettings({ routes: signedInRoutes(demo) });
    expect(dialog.getByText('Demo mode')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Exit demo' })).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('turns demo_restricted into a message with a "create an account" action', async () => {
    let createAccountClicks = 0;
    setCreateAccountHandler(() => createAccountClicks++);
    const { user, dialog } = await openSettings({
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
    await user.click(await dialog.findByRole('button', { name: 'Edit profile' }));
    const email = dialog.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'me@real.example');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('This is not available in demo mode. Create an account to use it.'),
    ).toBeInTheDocument();
    const toast = screen.getByText('Not available in demo mode').closest('li')!;
    await user.click(within(toast).getByRole('button', { name: 'Create an account' }));
    expect(createAccountClicks).toBe(1);
    setCreateAccountHandler(null);
  });
});
