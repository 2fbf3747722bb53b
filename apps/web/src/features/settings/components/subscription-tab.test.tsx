import { routes as apiRoutes, type InstanceUsers } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeRoute } from '@/test-support/fake-api';
import {
  renderWithProviders,
  selfHostedSubscription,
  signedInRoutes,
  type ServerRoutes,
} from '@/test-support/render-with-providers';
import { SettingsDialog } from './settings-dialog';

const SLOW = 20_000;

/** An owner's server: the Users list and its quota changes, answered like the real API. */
function ownerServer(): ServerRoutes {
  let list: InstanceUsers = {
    defaultTokenQuota: 1_000_000,
    users: [
      {
        id: 'u-owner',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        emailVerified: true,
        mfaEnabled: false,
        isInstanceOwner: true,
        createdAt: '2026-01-01T00:00:00.000Z',
        planKind: 'self_hosted',
        planName: 'Self-hosted',
        tokensUsed: 1234,
        tokenQuota: 1_000_000,
        ownerTokenQuota: null,
      },
      {
        id: 'u-bob',
        name: 'Bob Stone',
        email: 'bob@example.com',
        emailVerified: false,
        mfaEnabled: true,
        isInstanceOwner: false,
        createdAt: '2026-02-01T00:00:00.000Z',
        planKind: 'self_hosted',
        planName: 'Self-hosted',
        tokensUsed: 0,
        tokenQuota: 1_000_000,
        ownerTokenQuota: null,
      },
    ],
  };
  const change = (id: string, patch: Partial<InstanceUsers['users'][number]>) => {
    list = { ...list, users: list.users.map((user) => (user.id === id ? { ...user, ...patch } : user)) };
    return { body: list };
  };
  return {
    ...signedInRoutes(),
    ...fakeRoute(apiRoutes.subscription.get, { body: selfHostedSubscription({ isInstanceOwner: true }) }),
    ...fakeRoute(apiRoutes.instance.users, () => ({ body: list })),
    ...fakeRoute(apiRoutes.instance.resetUserMfa, ({ params }) => change(params.id, { mfaEnabled: false })),
    ...fakeRoute(apiRoutes.instance.verifyUser, ({ params }) => change(params.id, { emailVerified: true })),
    ...fakeRoute(apiRoutes.instance.setUserQuota, ({ params, body }) => {
      const { tokenQuota } = body as { tokenQuota: number | null };
      return change(params.id, {
        ownerTokenQuota: tokenQuota,
        tokenQuota: tokenQuota ?? list.defaultTokenQuota,
      });
    }),
  };
}

async function openSubscription(server: ServerRoutes) {
  const rendered = renderWithProviders(
    <Route path="*" element={<SettingsDialog open onOpenChange={() => {}} />} />,
    { server },
  );
  const dialog = within(await screen.findByRole('dialog', { name: 'Settings' }));
  await waitFor(() => expect(rendered.services.session.getState().status).toBe('signedIn'));
  await rendered.user.click(dialog.getByRole('tab', { name: 'Subscription' }));
  return { ...rendered, dialog };
}

describe('subscription tab on a self-hosted server', () => {
  it('shows the self-hosted plan and its quota, with no price, billing date or payment method', async () => {
    const { dialog } = await openSubscription({
      ...signedInRoutes(),
      ...fakeRoute(apiRoutes.subscription.get, { body: selfHostedSubscription({ tokenQuota: 250_000 }) }),
    });
    expect(await dialog.findByRole('heading', { name: 'Self-hosted' })).toBeInTheDocument();
    expect(dialog.getByText('250K tokens')).toBeInTheDocument();
    expect(
      dialog.getByText(/run by its owner, who sets each user's monthly token quota/),
    ).toBeInTheDocument();
    for (const absent of ['Price', 'Next billing date', 'Payment method', 'Discount']) {
      expect(dialog.queryByText(absent)).not.toBeInTheDocument();
    }
    expect(dialog.queryByText(/\$/)).not.toBeInTheDocument();
    expect(dialog.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
  });

  it(
    "gives the owner the Users list: usage, verifying an account and setting a user's quota",
    async () => {
      const { user, dialog, fake } = await openSubscription(ownerServer());
      const users = within(await dialog.findByRole('list', { name: 'Users of this server' }));
      const bob = within(users.getByRole('listitem', { name: 'Bob Stone' }));
      expect(users.getByRole('listitem', { name: 'Ada Lovelace' })).toHaveTextContent(
        '1,234 of 1M tokens this month',
      );
      expect(bob.getByText('Not verified')).toBeInTheDocument();

      await user.click(bob.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(bob.queryByText('Not verified')).not.toBeInTheDocument());
      expect(fake.callsTo(apiRoutes.instance.verifyUser).map((call) => call.path)).toEqual([
        '/api/instance/users/u-bob/verify',
      ]);

      const quota = bob.getByRole('textbox', { name: 'Monthly quota of Bob Stone' });
      expect(quota).toHaveAccessibleDescription('Uses the default (1M).');
      await user.clear(quota);
      await user.type(quota, 'lots');
      await user.click(bob.getByRole('button', { name: 'Save' }));
      expect(quota).toHaveAccessibleDescription('Enter a whole number of tokens from 0 to 2,000,000,000.');
      expect(fake.callsTo(apiRoutes.instance.setUserQuota)).toHaveLength(0);

      await user.clear(quota);
      await user.type(quota, '50 000');
      await user.click(bob.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(bob.getByText('0 of 50K tokens this month')).toBeInTheDocument());
      expect(fake.callsTo(apiRoutes.instance.setUserQuota).map((call) => call.body)).toEqual([
        { tokenQuota: 50_000 },
      ]);

      await user.click(bob.getByRole('button', { name: 'Use the default' }));
      await waitFor(() => expect(bob.getByText('0 of 1M tokens this month')).toBeInTheDocument());
    },
    SLOW,
  );

  it(
    'turns off two-step sign-in for a user only after asking',
    async () => {
      const { user, dialog, fake } = await openSubscription(ownerServer());
      const users = within(await dialog.findByRole('list', { name: 'Users of this server' }));
      const bob = within(users.getByRole('listitem', { name: 'Bob Stone' }));
      // The owner's own account turns it off in Security, not here.
      expect(
        within(users.getByRole('listitem', { name: 'Ada Lovelace' })).queryByRole('button', {
          name: 'Turn off two-step sign-in',
        }),
      ).not.toBeInTheDocument();

      await user.click(bob.getByRole('button', { name: 'Turn off two-step sign-in' }));
      const confirm = within(
        await screen.findByRole('alertdialog', { name: 'Turn off two-step sign-in for Bob Stone?' }),
      );
      await user.click(confirm.getByRole('button', { name: 'Cancel' }));
      expect(fake.callsTo(apiRoutes.instance.resetUserMfa)).toHaveLength(0);

      await user.click(bob.getByRole('button', { name: 'Turn off two-step sign-in' }));
      const again = within(
        await screen.findByRole('alertdialog', { name: 'Turn off two-step sign-in for Bob Stone?' }),
      );
      await user.click(again.getByRole('button', { name: 'Turn off' }));
      await waitFor(() => expect(bob.queryByText('Two-step sign-in on')).not.toBeInTheDocument());
      expect(fake.callsTo(apiRoutes.instance.resetUserMfa).map((call) => call.path)).toEqual([
        '/api/instance/users/u-bob/mfa',
      ]);
    },
    SLOW,
  );
});
