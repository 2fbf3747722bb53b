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
    for (const name of ['Telegram', 'WhatsApp', 'Discord', 'Slack', 'Email']) {
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

describe('Email connect dialog', () => {
  /** Opened from the Email card: Email is chosen already. */
  async function openEmail(server: ServerRoutes = {}) {
    const opened = await openConnect(server, 'Connect Email');
    expect(opened.dialog.getByRole('radio', { name: 'Email' })).toBeChecked();
    const group = (name: string) => within(opened.dialog.getByRole('group', { name }));
    return { ...opened, imap: group('Incoming mail (IMAP)'), smtp: group('Outgoing mail (SMTP)') };
  }

  it('asks for the address first, then the IMAP and SMTP servers with the usual ports and TLS', async () => {
    const { dialog, imap, smtp } = await openEmail();
    const fields = dialog.getAllByRole('textbox').map((input) => input.getAttribute('type'));
    // Address and sender name come first, before the provider and the servers.
    expect(fields.slice(0, 2)).toEqual(['email', 'text']);
    expect(dialog.getAllByRole('textbox')[0]).toBe(dialog.getByLabelText('Email address'));
    expect(dialog.getAllByRole('textbox')[1]).toBe(dialog.getByLabelText('Sender name (optional)'));

    expect(imap.getByRole('textbox', { name: 'IMAP server' })).toHaveValue('');
    expect(imap.getByRole('spinbutton', { name: 'IMAP port' })).toHaveValue(993);
    expect(imap.getByRole('switch', { name: 'Use SSL/TLS for IMAP' })).toBeChecked();
    expect(imap.getByRole('switch', { name: 'Use SSL/TLS for IMAP' })).toHaveAccessibleDescription(
      'On: encrypted from the first byte. Off: STARTTLS, when the server offers it.',
    );
    expect(imap.getByLabelText('IMAP user name (optional)')).toHaveAttribute(
      'placeholder',
      'same as address',
    );
    expect(imap.getByLabelText('IMAP password')).toHaveAttribute('type', 'password');
    expect(smtp.getByRole('spinbutton', { name: 'SMTP port' })).toHaveValue(465);
    expect(smtp.getByRole('switch', { name: 'Use SSL/TLS for SMTP' })).toBeChecked();
    expect(smtp.getByLabelText('SMTP user name (optional)')).toHaveAttribute(
      'placeholder',
      'same as address',
    );
    expect(smtp.getByLabelText('SMTP password (optional)')).toHaveAttribute(
      'placeholder',
      'same as IMAP password',
    );
    expect(dialog.getByText(/reads the last 14 days of mail/)).toBeInTheDocument();
  });

  it('fills the servers from a provider’s preset and says it needs an app password', async () => {
    const { dialog, imap, smtp, user } = await openEmail();
    const provider = dialog.getByRole('combobox', { name: 'Mail provider' });
    expect(
      within(provider)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Gmail', 'Outlook', 'Fastmail', 'Yandex', 'Mail.ru', 'Other']);
    expect(dialog.queryByText(/app password:/)).not.toBeInTheDocument();

    await user.selectOptions(provider, 'Gmail');
    expect(imap.getByRole('textbox', { name: 'IMAP server' })).toHaveValue('imap.gmail.com');
    expect(imap.getByRole('spinbutton', { name: 'IMAP port' })).toHaveValue(993);
    expect(smtp.getByRole('textbox', { name: 'SMTP server' })).toHaveValue('smtp.gmail.com');
    expect(smtp.getByRole('spinbutton', { name: 'SMTP port' })).toHaveValue(465);
    expect(smtp.getByRole('switch', { name: 'Use SSL/TLS for SMTP' })).toBeChecked();
    expect(
      dialog.getByText(/^Gmail needs an app password: create one in .* Gmail account/),
    ).toBeInTheDocument();

    // Outlook sends with STARTTLS on 587.
    await user.selectOptions(provider, 'Outlook');
    expect(imap.getByRole('textbox', { name: 'IMAP server' })).toHaveValue('outlook.office365.com');
    expect(smtp.getByRole('textbox', { name: 'SMTP server' })).toHaveValue('smtp.office365.com');
    expect(smtp.getByRole('spinbutton', { name: 'SMTP port' })).toHaveValue(587);
    expect(smtp.getByRole('switch', { name: 'Use SSL/TLS for SMTP' })).not.toBeChecked();
    expect(dialog.getByText(/^Outlook needs an app password/)).toBeInTheDocument();

    // Other keeps what is there, for the user to change.
    await user.selectOptions(provider, 'Other');
    expect(smtp.getByRole('textbox', { name: 'SMTP server' })).toHaveValue('smtp.office365.com');
    expect(dialog.queryByText(/needs an app password/)).not.toBeInTheDocument();
  });

  it('moves the port with the TLS switch when it is the usual one', async () => {
    const { smtp, user } = await openEmail();
    const port = smtp.getByRole('spinbutton', { name: 'SMTP port' });
    await user.click(smtp.getByRole('switch', { name: 'Use SSL/TLS for SMTP' }));
    expect(port).toHaveValue(587);
    await user.click(smtp.getByRole('switch', { name: 'Use SSL/TLS for SMTP' }));
    expect(port).toHaveValue(465);
    // A port of the user's own stays.
    await user.clear(port);
    await user.type(port, '2525');
    await user.click(smtp.getByRole('switch', { name: 'Use SSL/TLS for SMTP' }));
    expect(port).toHaveValue(2525);
  });

  it('says what is missing or malformed under each field, and sends nothing', async () => {
    const { dialog, imap, smtp, user, fake } = await openEmail();
    await user.clear(imap.getByRole('spinbutton', { name: 'IMAP port' }));
    await user.click(dialog.getByRole('button', { name: 'Connect' }));

    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();
    const address = dialog.getByLabelText('Email address');
    expect(address).toHaveAccessibleDescription('Required');
    expect(address).toHaveFocus();
    expect(imap.getByRole('textbox', { name: 'IMAP server' })).toHaveAccessibleDescription('Required');
    expect(imap.getByRole('spinbutton', { name: 'IMAP port' })).toHaveAccessibleDescription('Required');
    expect(imap.getByLabelText('IMAP password')).toHaveAccessibleDescription('Required');
    expect(smtp.getByRole('textbox', { name: 'SMTP server' })).toHaveAccessibleDescription('Required');
    // The optional ones are not asked for.
    expect(smtp.getByLabelText('SMTP password (optional)')).toHaveAttribute('aria-invalid', 'false');

    await user.type(address, 'ada.example.com');
    await user.type(imap.getByRole('textbox', { name: 'IMAP server' }), 'https://imap.example.com');
    await user.type(imap.getByRole('spinbutton', { name: 'IMAP port' }), '70000');
    await user.type(imap.getByLabelText('IMAP password'), 'app-password');
    await user.type(smtp.getByRole('textbox', { name: 'SMTP server' }), 'smtp.example.com');
    await user.click(dialog.getByRole('button', { name: 'Connect' }));
    await waitFor(() =>
      expect(address).toHaveAccessibleDescription('Enter an email address like name@example.com'),
    );
    expect(imap.getByRole('spinbutton', { name: 'IMAP port' })).toHaveAccessibleDescription(
      'Enter a port from 1 to 65535',
    );
    expect(imap.getByRole('textbox', { name: 'IMAP server' })).toHaveAccessibleDescription(
      'Enter a server name like mail.example.com',
    );
    expect(smtp.getByRole('textbox', { name: 'SMTP server' })).toHaveAttribute('aria-invalid', 'false');
    expect(fake.callsTo(apiRoutes.messengers.connect)).toHaveLength(0);
  });

  it('reads the server’s own names for a field’s problem', async () => {
    const { dialog, imap, smtp, user } = await openEmail({
      ...fakeRoute(
        apiRoutes.messengers.connect,
        errorReply(400, 'validation_failed', 'Please fill in all required fields', {
          fields: { 'credentials.smtp_port': 'portInvalid', 'credentials.imap_host': 'hostInvalid' },
        }),
      ),
    });
    await user.type(dialog.getByLabelText('Email address'), 'ada@example.com');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Mail provider' }), 'Mail.ru');
    await user.type(imap.getByLabelText('IMAP password'), 'app-password');
    await user.click(dialog.getByRole('button', { name: 'Connect' }));
    const host = imap.getByRole('textbox', { name: 'IMAP server' });
    await waitFor(() =>
      expect(host).toHaveAccessibleDescription('Enter a server name like mail.example.com'),
    );
    expect(smtp.getByRole('spinbutton', { name: 'SMTP port' })).toHaveAccessibleDescription(
      'Enter a port from 1 to 65535',
    );
    await waitFor(() => expect(host).toHaveFocus());
  });

  it('connects with what was typed and closes: a mailbox has no webhook step', async () => {
    const connected = makeConnection('email', { username: 'ada@example.com' });
    let items: MessengerConnection[] = [];
    const { dialog, imap, smtp, user, fake } = await openEmail({
      ...fakeRoute(apiRoutes.messengers.list, () => ({ body: { items } })),
      ...fakeRoute(apiRoutes.messengers.connect, () => {
        items = [connected];
        return { status: 201, body: connected };
      }),
    });
    await user.type(dialog.getByLabelText('Email address'), ' ada@example.com ');
    await user.type(dialog.getByLabelText('Sender name (optional)'), 'Ada Lovelace');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Mail provider' }), 'Fastmail');
    await user.type(imap.getByLabelText('IMAP password'), 'app-password');
    await user.click(smtp.getByRole('switch', { name: 'Use SSL/TLS for SMTP' }));
    await user.click(dialog.getByRole('button', { name: 'Connect' }));

    expect(await screen.findByText('Email connected successfully')).toBeInTheDocument();
    // Empty user names and SMTP password are left to the server: the address and the IMAP password.
    expect(fake.callsTo(apiRoutes.messengers.connect)[0]!.body).toEqual({
      platform: 'email',
      credentials: {
        address: 'ada@example.com',
        sender_name: 'Ada Lovelace',
        imap_host: 'imap.fastmail.com',
        imap_port: '993',
        imap_tls: 'true',
        imap_password: 'app-password',
        smtp_host: 'smtp.fastmail.com',
        smtp_port: '587',
        smtp_tls: 'false',
      },
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Connect a messenger' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('textbox', { name: 'Webhook URL' })).not.toBeInTheDocument();
    const card = within(screen.getByRole('listitem', { name: 'Email' }));
    expect(await card.findByText('ada@example.com')).toBeInTheDocument();
  });

  it('shows each mail server’s refusal under its field and focuses the first', async () => {
    const { dialog, imap, smtp, user } = await openEmail({
      ...fakeRoute(
        apiRoutes.messengers.connect,
        errorReply(502, 'messenger_failed', 'The IMAP server refused the password.', {
          fields: { smtp_host: 'unreachable', imap_password: 'auth_failed' },
        }),
      ),
    });
    await user.type(dialog.getByLabelText('Email address'), 'ada@example.com');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Mail provider' }), 'Yandex');
    await user.type(imap.getByLabelText('IMAP password'), 'wrong');
    await user.click(dialog.getByRole('button', { name: 'Connect' }));

    const password = imap.getByLabelText('IMAP password');
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription('The IMAP server refused this password'),
    );
    expect(smtp.getByRole('textbox', { name: 'SMTP server' })).toHaveAccessibleDescription(
      'Could not reach the SMTP server',
    );
    expect(imap.getByRole('textbox', { name: 'IMAP server' })).toHaveAttribute('aria-invalid', 'false');
    // The first refused field in the form's order, not the server's.
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveValue('wrong');
    const toast = await toastWith('The IMAP server refused the password.');
    expect(toast.getByText('Failed to connect the messenger')).toBeInTheDocument();

    // Editing the field takes its refusal away.
    await user.type(password, '2');
    expect(password).toHaveAttribute('aria-invalid', 'false');
  });
});
