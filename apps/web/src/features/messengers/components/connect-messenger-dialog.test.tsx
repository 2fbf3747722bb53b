import { type MessengerConnection, routes as apiRoutes } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorReply, type FakeRequest, fakeRoute, type RouteReply } from '@/test-support/fake-api';
import { renderWithProviders, signedInRoutes, type ServerRoutes } from '@/test-support/render-with-providers';
import { makeConnection } from '../test-support/messenger-fixtures';
import { MessengersTab } from './messengers-tab';

/** Opens the dialog with the main Connect button, or with a card's ("Connect Discord"). */
async function openConnect(server: ServerRoutes = {}, opener = 'Connect') {
  const rendered = renderWithProviders(<Route path="*" element={<MessengersTab />} />, {
    server: {
      ...signedInRoutes(),
      ...fakeRoute(apiRoutes.messengers.list, { body: { items: [] } }),
      ...server,
    },
  });
  await waitFor(() => expect(rendered.services.session.getState().status).toBe('signedIn'));
  await screen.findByRole('listitem', { name: 'Telegram' });
  await rendered.user.click(screen.getByRole('button', { name: opener }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Connect a messenger' }));
  return { ...rendered, dialog };
}

/** A toast found by its own text; titles repeat across tests while earlier toasts fade out. */
async function toastWith(description: string) {
  return within((await screen.findByText(description)).closest('li')!);
}

describe('Messenger connect dialog', () => {
  it('starts without a platform, with Connect disabled until one is chosen', async () => {
    const { dialog, user } = await openConnect();
    for (const name of ['Telegram', 'WhatsApp', 'Discord', 'Slack']) {
      expect(dialog.getByRole('radio', { name })).not.toBeChecked();
    }
    expect(dialog.getByRole('button', { name: 'Connect' })).toBeDisabled();
    expect(dialog.queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(dialog.getByRole('radio', { name: 'Slack' }));
    expect(dialog.getByRole('button', { name: 'Connect' })).toBeEnabled();
    expect(dialog.getByLabelText('Bot token')).toHaveAttribute('type', 'password');
    expect(dialog.getByLabelText('Signing secret')).toHaveAttribute('type', 'password');
  });

  it('refuses to send with a required field empty and says to fill it in', async () => {
    const { dialog, user, fake } = await openConnect();
    await user.click(dialog.getByRole('radio', { name: 'Telegram' }));
    const token = dialog.getByLabelText('Bot token');
    expect(token).toHaveAttribute('type', 'password');
    expect(dialog.getByLabelText('Webhook URL (optional)')).toHaveAttribute('type', 'url');

    await user.click(dialog.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();
    expect(token).toHaveAttribute('aria-invalid', 'true');
    expect(token).toHaveFocus();
    expect(fake.callsTo(apiRoutes.messengers.connect)).toHaveLength(0);

    // Editing clears the field's error; whitespace is not a value either.
    await user.type(token, '   ');
    expect(token).toHaveAttribute('aria-invalid', 'false');
    await user.click(dialog.getByRole('button', { name: 'Connect' }));
    expect(token).toHaveAttribute('aria-invalid', 'true');
    expect(fake.callsTo(apiRoutes.messengers.connect)).toHaveLength(0);
  });

  it('checks the webhook address, then connects Telegram and closes when the webhook is registered', async () => {
    const connected = makeConnection('telegram', {
      username: '@doppel_bot',
      inbound: { url: 'https://doppel.example/webhooks/telegram/1', registered: true },
    });
    let items: MessengerConnection[] = [];
    const { dialog, user, fake } = await openConnect({
      ...fakeRoute(apiRoutes.messengers.list, () => ({ body: { items } })),
      ...fakeRoute(apiRoutes.messengers.connect, () => {
        items = [connected];
        return { status: 201, body: connected };
      }),
    });
    await user.click(dialog.getByRole('radio', { name: 'Telegram' }));
    await user.type(dialog.getByLabelText('Bot token'), '123456:ABC-DEF');
    await user.type(dialog.getByLabelText('Webhook URL (optional)'), 'ftp://doppel.example');
    await user.click(dialog.getByRole('button', { name: 'Connect' }));
    expect(await dialog.findByText('Enter an http:// or https:// address')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.messengers.connect)).toHaveLength(0);

    await user.clear(dialog.getByLabelText('Webhook URL (optional)'));
    await user.click(dialog.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Telegram connected successfully')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.messengers.connect)[0]!.body).toEqual({
      platform: 'telegram',
      credentials: { bot_token: '123456:ABC-DEF' },
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Connect a messenger' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('textbox', { name: 'Webhook URL' })).not.toBeInTheDocument();
    const card = within(screen.getByRole('listitem', { name: 'Telegram' }));
    expect(await card.findByText('@doppel_bot')).toBeInTheDocument();
  });

  it('shows Connecting... while the platform checks, then the webhook URL to paste', async () => {
    const connected = makeConnection('whatsapp', { username: '+49 30 1234567' });
    let answer: (reply: RouteReply<typeof apiRoutes.messengers.connect>) => void = () => {};
    const { dialog, user, fake } = await openConnect({
      ...fakeRoute(apiRoutes.messengers.connect, () => new Promise((resolve) => (answer = resolve))),
    });
    await user.click(dialog.getByRole('radio', { name: 'WhatsApp' }));
    expect(dialog.getByLabelText('Phone number ID')).toHaveAttribute('type', 'text');
    for (const label of ['Access token', 'Verify token', 'App secret']) {
      expect(dialog.getByLabelText(label)).toHaveAttribute('type', 'password');
    }
    await user.type(dialog.getByLabelText('Phone number ID'), '1098765');
    await user.type(dialog.getByLabelText('Access token'), 'EAAG-token');
    await user.type(dialog.getByLabelText('Verify token'), 'my-verify-phrase');
    await user.type(dialog.getByLabelText('App secret'), 'app-secret');
    await user.click(dialog.getByRole('button', { name: 'Connect' }));

    const busy = await dialog.findByRole('button', { name: 'Connecting...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(fake.callsTo(apiRoutes.messengers.connect)).toHaveLength(1);
    expect(fake.callsTo(apiRoutes.messengers.connect)[0]!.body).toEqual({
      platform: 'whatsapp',
      credentials: {
        phone_number_id: '1098765',
        access_token: 'EAAG-token',
        verify_token: 'my-verify-phrase',
        app_secret: 'app-secret',
      },
    });

    answer({ status: 201, body: connected });
    expect(await screen.findByText('WhatsApp connected successfully')).toBeInTheDocument();
    expect(
      await dialog.findByText(
        "Paste this webhook URL into WhatsApp's console and use the verify token you entered.",
      ),
    ).toBeInTheDocument();
    const url = dialog.getByRole('textbox', { name: 'Webhook URL' });
    expect(url).toHaveValue(connected.inbound.url);
    expect(url).toHaveAttribute('readonly');

    await user.click(dialog.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(connected.inbound.url);

    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Connect a messenger' })).not.toBeInTheDocument(),
    );
  });

  it('asks Slack users to paste the URL, without the verify token', async () => {
    const connected = makeConnection('slack');
    const { dialog, user } = await openConnect({
      ...fakeRoute(apiRoutes.messengers.connect, { status: 201, body: connected }),
    });
    await user.click(dialog.getByRole('radio', { name: 'Slack' }));
    await user.type(dialog.getByLabelText('Bot token'), 'xoxb-1');
    await user.type(dialog.getByLabelText('Signing secret'), 'signing');
    await user.click(dialog.getByRole('button', { name: 'Connect' }));
    expect(await dialog.findByText("Paste this webhook URL into Slack's console.")).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue(connected.inbound.url);
  });

  it('tells that Telegram’s messages are pulled when it refused this server’s address', async () => {
    const { dialog, user } = await openConnect({
      ...fakeRoute(apiRoutes.messengers.connect, { status: 201, body: makeConnection('telegram') }),
    });
    await user.click(dialog.getByRole('radio', { name: 'Telegram' }));
    await user.type(dialog.getByLabelText('Bot token'), '123456:ABC');
    await user.click(dialog.getByRole('button', { name: 'Connect' }));
    expect(await dialog.findByText(/Doppel fetches new messages itself instead/)).toBeInTheDocument();
    // Telegram has no console to paste an address into.
    expect(dialog.queryByRole('textbox', { name: 'Webhook URL' })).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Done' })).toHaveFocus();
  });

  it('shows the platform’s refusal under the spec’s title and keeps what was typed', async () => {
    const { dialog, user } = await openConnect({
      ...fakeRoute(
        apiRoutes.messengers.connect,
        errorReply(502, 'messenger_failed', 'Telegram refused the bot token: Unauthorized'),
      ),
    });
    await user.click(dialog.getByRole('radio', { name: 'Telegram' }));
    await user.type(dialog.getByLabelText('Bot token'), 'wrong-token');
    await user.click(dialog.getByRole('button', { name: 'Connect' }));

    const toast = await toastWith('Telegram refused the bot token: Unauthorized');
    expect(toast.getByText('Failed to connect the messenger')).toBeInTheDocument();
    expect(dialog.getByLabelText('Bot token')).toHaveValue('wrong-token');
    expect(dialog.getByRole('button', { name: 'Connect' })).toBeEnabled();
  });

  it('marks the fields the server refused', async () => {
    const { dialog, user } = await openConnect(
      {
        ...fakeRoute(
          apiRoutes.messengers.connect,
          errorReply(400, 'validation_failed', 'Please fill in all required fields', {
            fields: { 'credentials.guild_id': 'required' },
          }),
        ),
      },
      'Connect Discord',
    );
    // Opened from the Discord card: Discord is chosen already.
    expect(dialog.getByRole('radio', { name: 'Discord' })).toBeChecked();
    await user.type(dialog.getByLabelText('Bot token'), 'token');
    await user.type(dialog.getByLabelText('Server ID'), 'guild');
    await user.type(dialog.getByLabelText('Public key'), 'abcdef');
    await user.click(dialog.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(dialog.getByLabelText('Server ID')).toHaveAttribute('aria-invalid', 'true'));
    expect(dialog.getByLabelText('Server ID')).toHaveAccessibleDescription('Required');
    expect(dialog.getByLabelText('Bot token')).toHaveAttribute('aria-invalid', 'false');
  });

  it('sends nothing but the chosen platform’s fields', async () => {
    const requests: unknown[] = [];
    const { dialog, user } = await openConnect({
      ...fakeRoute(apiRoutes.messengers.connect, ({ body }: FakeRequest) => {
        requests.push(body);
        return { status: 201, body: makeConnection('discord') };
      }),
    });
    // Typed for Slack first, then Discord chosen: only Discord's fields go out.
    await user.click(dialog.getByRole('radio', { name: 'Slack' }));
    await user.type(dialog.getByLabelText('Bot token'), 'xoxb-slack');
    await user.click(dialog.getByRole('radio', { name: 'Discord' }));
    expect(dialog.getByLabelText('Bot token')).toHaveValue('');
    await user.type(dialog.getByLabelText('Bot token'), 'discord-token');
    await user.type(dialog.getByLabelText('Server ID'), '123');
    await user.type(dialog.getByLabelText('Public key'), 'abc');
    await user.click(dialog.getByRole('button', { name: 'Connect' }));
    await waitFor(() =>
      expect(requests).toEqual([
        {
          platform: 'discord',
          credentials: { bot_token: 'discord-token', guild_id: '123', public_key: 'abc' },
        },
      ]),
    );
  });
});
