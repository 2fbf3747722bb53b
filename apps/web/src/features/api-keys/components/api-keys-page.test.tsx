import { API_KEY_PATTERN, routes as apiRoutes } from '@doppel/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { errorReply, makeSession, type FakeHandler, fakeRoute, routeKey } from '@/test-support/fake-api';
import { renderWithProviders, type ServerRoutes } from '@/test-support/render-with-providers';
import { apiKeysServer, makeApiKey } from '../test-support/api-keys-server';
import { ApiKeysPage } from './api-keys-page';

/** Typing and dialogs in jsdom take seconds on a busy machine. */
const SLOW = 20_000;

/** Renders /api against the fake key server; `overrides` replace some of its routes. */
function renderApiKeys(server: ReturnType<typeof apiKeysServer>, overrides: ServerRoutes = {}) {
  return renderWithProviders(<Route path="/api" element={<ApiKeysPage />} />, {
    path: '/api',
    server: { ...server.routes, ...overrides },
  });
}

type User = ReturnType<typeof renderApiKeys>['user'];

const row = (name: string) => screen.getByRole('article', { name });

const zapier = () =>
  makeApiKey({
    name: 'Zapier sync',
    description: 'Pushes new leads into the CRM.',
    service: 'workflow_webhook',
    keyPreview: '••••Zp42',
    permissions: [
      { resource: 'contacts', actions: ['read', 'write'] },
      { resource: 'knowledge_base', actions: ['read'] },
    ],
    rateLimit: { requestsPerMinute: 50, requestsPerDay: 5000 },
    createdAt: '2026-03-05T10:00:00.000Z',
    lastUsedAt: '2026-03-06T12:30:00.000Z',
    usageCount: 1234,
    expiresAt: '2099-12-31T20:59:59.000Z',
  });

const oldScript = () =>
  makeApiKey({
    name: 'Old script',
    keyPreview: '••••Ld01',
    isActive: false,
    createdAt: '2026-01-10T10:00:00.000Z',
  });

const lapsed = () =>
  makeApiKey({ name: 'Trial', keyPreview: '••••Tr99', expiresAt: '2026-02-01T00:00:00.000Z' });

/** The value shown for a figure of a <dl> (its <dt> text → the <dd> after it). */
function figure(scope: HTMLElement, label: string): string | null | undefined {
  return within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

async function openCreate(user: User) {
  await user.click((await screen.findAllByRole('button', { name: 'Create key' }))[0]!);
  return screen.findByRole('dialog', { name: 'Create an API key' });
}

describe('API keys list', () => {
  it(
    'shows each key with its status, masked value, service, permissions, limits and usage',
    async () => {
      const server = apiKeysServer([zapier(), oldScript(), lapsed()]);
      renderApiKeys(server);

      const list = await screen.findByRole('list', { name: 'API keys' });
      expect(within(list).getAllByRole('article')).toHaveLength(3);

      const first = row('Zapier sync');
      expect(within(first).getByText('Active')).toBeInTheDocument();
      expect(within(first).getByText('Workflow automation webhook')).toBeInTheDocument();
      expect(within(first).getByText('Pushes new leads into the CRM.')).toBeInTheDocument();
      expect(within(first).getByRole('textbox', { name: 'API key' })).toHaveValue('••••Zp42');
      const permissions = within(first).getByRole('list', { name: 'Permissions' });
      expect(
        within(permissions)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Contacts: read', 'Contacts: write', 'Knowledge base: read']);
      expect(figure(first, 'Limits')).toBe('50/min · 5,000/day');
      expect(figure(first, 'Created')).toMatch(/^05\.03(\.2026)?$/);
      expect(figure(first, 'Requests')).toBe('1,234');
      expect(figure(first, 'Last used')).toMatch(/^06\.03(\.2026)?$/);
      expect(figure(first, 'Expires')).toBe('31.12.2099');
      expect(within(first).getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
      expect(within(first).queryByText('Sample')).not.toBeInTheDocument();

      const revoked = row('Old script');
      expect(within(revoked).getByText('Revoked')).toBeInTheDocument();
      expect(within(revoked).getByRole('textbox', { name: 'API key' })).toHaveValue('••••Ld01');
      expect(figure(revoked, 'Last used')).toBe('Never');
      expect(figure(revoked, 'Expires')).toBe('Never');
      // Revoked keys cannot be revoked again; they can still be tested and deleted.
      expect(within(revoked).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
      expect(within(revoked).getByRole('button', { name: 'Test' })).toBeInTheDocument();
      expect(within(revoked).getByRole('button', { name: 'Delete' })).toBeInTheDocument();

      expect(within(row('Trial')).getByText('Expired')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'explains that a key created before this visit cannot be revealed or copied',
    async () => {
      const server = apiKeysServer([zapier()]);
      const { user } = renderApiKeys(server);
      const first = await screen.findByRole('article', { name: 'Zapier sync' });

      await user.click(within(first).getByRole('button', { name: 'Show key' }));
      expect(within(first).getByRole('textbox', { name: 'API key' })).toHaveValue('••••Zp42');
      expect(within(first).getByText(/The full key is shown only once/)).toBeInTheDocument();
      await user.click(within(first).getByRole('button', { name: 'Hide key' }));
      expect(within(first).queryByText(/The full key is shown only once/)).not.toBeInTheDocument();

      const copy = within(first).getByRole('button', { name: 'Copy key' });
      expect(copy).toHaveAttribute('aria-disabled', 'true');
      await user.click(copy);
      expect(within(first).getByText(/The full key is shown only once/)).toBeInTheDocument();
      expect(screen.queryByText('Copied to clipboard')).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows an empty state whose button opens the create dialog',
    async () => {
      const { user } = renderApiKeys(apiKeysServer([]));
      expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: 'Create key' })).toHaveLength(2);
      await user.click(screen.getAllByRole('button', { name: 'Create key' })[1]!);
      expect(await screen.findByRole('dialog', { name: 'Create an API key' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows an error with retry when the list fails, and loads on retry',
    async () => {
      const server = apiKeysServer([zapier()]);
      const { user, fake } = renderApiKeys(server, {
        ...fakeRoute(apiRoutes.apiKeys.list, errorReply(500, 'internal')),
      });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('The API keys could not be loaded.');
      expect(screen.queryByRole('article')).not.toBeInTheDocument();

      fake.route(apiRoutes.apiKeys.list, server.routes[routeKey(apiRoutes.apiKeys.list)] as FakeHandler);
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('article', { name: 'Zapier sync' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'labels sample keys in a demo sandbox, and the server’s refusal to create one is toasted',
    async () => {
      const session = makeSession({ user: { isDemo: true } });
      const sample = makeApiKey({ name: 'Sample: CRM sync', isSample: true });
      const server = apiKeysServer([sample], { session });
      const { user, fake } = renderApiKeys(server);

      const article = await screen.findByRole('article', { name: 'Sample: CRM sync' });
      expect(within(article).getByText('Sample')).toBeInTheDocument();
      expect(screen.getByText('Demo mode — sample keys')).toBeInTheDocument();

      const dialog = await openCreate(user);
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'My key');
      await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
      expect(await screen.findByText('Not available in demo mode')).toBeInTheDocument();
      expect(
        screen.getByText('This is not available in demo mode. Create an account to use it.'),
      ).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.apiKeys.create)).toHaveLength(1);
      // Nothing was created: the form stays for another try, and no key is shown.
      expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('My key');
      expect(screen.queryByRole('dialog', { name: 'Your new API key' })).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'offers the MCP client configuration for this server and the REST API docs',
    async () => {
      const { user } = renderApiKeys(apiKeysServer([]));
      const snippet = await screen.findByRole('figure', { name: 'MCP client configuration' });
      const config = {
        mcpServers: {
          doppel: {
            url: `${window.location.origin}/mcp`,
            headers: { Authorization: 'Bearer <your key>' },
          },
        },
      };
      expect(JSON.parse(snippet.querySelector('pre')?.textContent ?? '')).toEqual(config);

      await user.click(screen.getByRole('button', { name: 'Copy configuration' }));
      expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
      expect(JSON.parse(await navigator.clipboard.readText())).toEqual(config);

      expect(screen.getByRole('link', { name: /REST API documentation/ })).toHaveAttribute(
        'href',
        '/api/v1/docs',
      );
      expect(screen.getByRole('link', { name: /OpenAPI specification/ })).toHaveAttribute(
        'href',
        '/api/v1/openapi.json',
      );
      const notes = screen.getByRole('region', { name: 'Security notes' });
      expect(within(notes).getAllByRole('listitem')).toHaveLength(5);
      expect(within(notes).getByText(/stored hashed/)).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('Creating a key', () => {
  it(
    'refuses a blank name under the field and sends nothing',
    async () => {
      const { user, fake } = renderApiKeys(apiKeysServer([]));
      const dialog = await openCreate(user);
      const name = within(dialog).getByRole('textbox', { name: 'Name' });
      await user.type(name, '   ');
      await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

      expect(await within(dialog).findByText('Enter the key name')).toBeInTheDocument();
      expect(name).toHaveAttribute('aria-invalid', 'true');
      expect(fake.callsTo(apiRoutes.apiKeys.create)).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'says the spec’s Russian text for a blank name',
    async () => {
      await act(() => i18n.changeLanguage('ru'));
      const { user, fake } = renderApiKeys(apiKeysServer([]));
      await user.click((await screen.findAllByRole('button', { name: 'Создать ключ' }))[0]!);
      const dialog = await screen.findByRole('dialog', { name: 'Создание API ключа' });
      await user.click(within(dialog).getByRole('button', { name: 'Создать ключ' }));
      expect(await within(dialog).findByText('Заполните название ключа')).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.apiKeys.create)).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'starts from the stated default access and sends the matrix, limits and expiry',
    async () => {
      const { user, fake } = renderApiKeys(apiKeysServer([]));
      const dialog = await openCreate(user);

      expect(
        within(dialog).getByText(
          'By default a new key has contacts read, messages read and basic knowledge-base operations. Extended permissions can be adjusted later.',
        ),
      ).toBeInTheDocument();
      const checked = within(dialog)
        .getAllByRole('checkbox')
        .filter((box) => (box as HTMLInputElement).checked)
        .map((box) => box.getAttribute('aria-label'));
      expect(checked).toEqual(['Contacts: read', 'Messages: read', 'Knowledge base: read']);
      expect(within(dialog).getAllByRole('checkbox')).toHaveLength(8);
      expect(within(dialog).getByRole('spinbutton', { name: 'Requests per minute' })).toHaveValue(100);
      expect(within(dialog).getByRole('spinbutton', { name: 'Requests per day' })).toHaveValue(10000);
      expect(
        within(within(dialog).getByRole('combobox', { name: 'Service' }))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        'Doppel REST API',
        'Doppel MCP server',
        'Workflow automation webhook',
        'Generic REST client',
        'External integration',
      ]);

      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Claude Desktop  ');
      await user.type(within(dialog).getByRole('textbox', { name: 'Description (optional)' }), 'Laptop');
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Service' }), 'doppel_mcp');
      await user.click(within(dialog).getByRole('checkbox', { name: 'Messages: read' }));
      await user.click(within(dialog).getByRole('checkbox', { name: 'Knowledge base: write' }));
      await user.click(within(dialog).getByRole('checkbox', { name: 'AI models: read' }));
      const perMinute = within(dialog).getByRole('spinbutton', { name: 'Requests per minute' });
      await user.clear(perMinute);
      await user.type(perMinute, '50');
      const perDay = within(dialog).getByRole('spinbutton', { name: 'Requests per day' });
      await user.clear(perDay);
      await user.type(perDay, '5000');
      await user.type(within(dialog).getByLabelText('Expires on (optional)'), '2099-06-30');
      await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

      await waitFor(() => expect(fake.callsTo(apiRoutes.apiKeys.create)).toHaveLength(1));
      const body = fake.callsTo(apiRoutes.apiKeys.create)[0]!.body as Record<string, unknown>;
      expect(body).toEqual({
        name: 'Claude Desktop',
        description: 'Laptop',
        service: 'doppel_mcp',
        permissions: [
          { resource: 'contacts', actions: ['read'] },
          { resource: 'knowledge_base', actions: ['read', 'write'] },
          { resource: 'ai_models', actions: ['read'] },
        ],
        rateLimit: { requestsPerMinute: 50, requestsPerDay: 5000 },
        expiresAt: new Date(2099, 5, 30, 23, 59, 59, 999).toISOString(),
      });
      expect(await screen.findByText('API key created')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'refuses limits out of range and an empty permission matrix, without a request',
    async () => {
      const { user, fake } = renderApiKeys(apiKeysServer([]));
      const dialog = await openCreate(user);
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Backup');
      for (const name of ['Contacts: read', 'Messages: read', 'Knowledge base: read'])
        await user.click(within(dialog).getByRole('checkbox', { name }));
      const perMinute = within(dialog).getByRole('spinbutton', { name: 'Requests per minute' });
      await user.clear(perMinute);
      await user.type(perMinute, '0');
      await user.clear(within(dialog).getByRole('spinbutton', { name: 'Requests per day' }));
      await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

      expect(await within(dialog).findByText('Choose at least one permission')).toBeInTheDocument();
      expect(within(dialog).getByText('Enter a whole number from 1 to 10,000')).toBeInTheDocument();
      expect(within(dialog).getByText('Enter a whole number from 1 to 1,000,000')).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.apiKeys.create)).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'shows the new key once, with reveal, hide and copy, and keeps it for this visit only',
    async () => {
      const server = apiKeysServer([zapier()]);
      const { user } = renderApiKeys(server);
      const dialog = await openCreate(user);
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Cursor');
      await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

      const created = await screen.findByRole('dialog', { name: 'Your new API key' });
      expect(within(created).getByText('“Cursor” is ready to use.')).toBeInTheDocument();
      expect(
        within(created).getByText('Copy the key now and keep it somewhere safe. It will not be shown again.'),
      ).toBeInTheDocument();
      const fullKey = [...server.fullKeys.values()].at(-1)!;
      expect(fullKey).toMatch(API_KEY_PATTERN);
      const value = within(created).getByRole('textbox', { name: 'API key' });
      expect(value).toHaveValue(`••••${fullKey.slice(-4)}`);

      await user.click(within(created).getByRole('button', { name: 'Show key' }));
      expect(value).toHaveValue(fullKey);
      await user.click(within(created).getByRole('button', { name: 'Hide key' }));
      expect(value).toHaveValue(`••••${fullKey.slice(-4)}`);

      await user.click(within(created).getByRole('button', { name: 'Copy key' }));
      expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
      expect(await navigator.clipboard.readText()).toBe(fullKey);

      await user.click(within(created).getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      // Newest first, and this visit still knows the full key.
      const list = screen.getByRole('list', { name: 'API keys' });
      expect(
        within(list)
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(['Cursor', 'Zapier sync']);
      const article = row('Cursor');
      expect(article).toBeInTheDocument();
      await user.click(within(article).getByRole('button', { name: 'Show key' }));
      expect(within(article).getByRole('textbox', { name: 'API key' })).toHaveValue(fullKey);
      // The older key is still masked.
      await user.click(within(row('Zapier sync')).getByRole('button', { name: 'Show key' }));
      expect(within(row('Zapier sync')).getByRole('textbox', { name: 'API key' })).toHaveValue('••••Zp42');
    },
    SLOW,
  );

  it(
    'toasts the spec’s message when creating fails',
    async () => {
      const server = apiKeysServer([]);
      const { user } = renderApiKeys(server, {
        ...fakeRoute(apiRoutes.apiKeys.create, errorReply(500, 'internal')),
      });
      const dialog = await openCreate(user);
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Cursor');
      await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
      expect(await screen.findByText('Failed to create API key')).toBeInTheDocument();
      expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Cursor');
    },
    SLOW,
  );
});

describe('Key actions', () => {
  it(
    'revokes after confirmation with PATCH isActive false',
    async () => {
      const key = zapier();
      const server = apiKeysServer([key]);
      const { user, fake } = renderApiKeys(server);
      const article = await screen.findByRole('article', { name: 'Zapier sync' });

      await user.click(within(article).getByRole('button', { name: 'Revoke' }));
      let confirm = await screen.findByRole('alertdialog', { name: 'Revoke this key?' });
      await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      expect(fake.callsTo(apiRoutes.apiKeys.update, { id: key.id })).toHaveLength(0);

      await user.click(within(article).getByRole('button', { name: 'Revoke' }));
      confirm = await screen.findByRole('alertdialog', { name: 'Revoke this key?' });
      await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
      await waitFor(() => expect(fake.callsTo(apiRoutes.apiKeys.update, { id: key.id })).toHaveLength(1));
      expect(fake.callsTo(apiRoutes.apiKeys.update, { id: key.id })[0]!.body).toEqual({ isActive: false });
      expect(await screen.findByText('API key revoked')).toBeInTheDocument();
      expect(await within(row('Zapier sync')).findByText('Revoked')).toBeInTheDocument();
      expect(within(row('Zapier sync')).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'toasts the spec’s message when revoking fails',
    async () => {
      const key = zapier();
      const server = apiKeysServer([key]);
      const { user } = renderApiKeys(server, {
        ...fakeRoute(apiRoutes.apiKeys.update, { id: key.id }, errorReply(500, 'internal')),
      });
      const article = await screen.findByRole('article', { name: 'Zapier sync' });
      await user.click(within(article).getByRole('button', { name: 'Revoke' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this key?' });
      await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
      expect(await screen.findByText('Failed to update API key')).toBeInTheDocument();
      expect(within(row('Zapier sync')).getByText('Active')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'asks before deleting, then deletes and toasts',
    async () => {
      const key = zapier();
      const server = apiKeysServer([key, oldScript()]);
      const { user, fake } = renderApiKeys(server);
      const article = await screen.findByRole('article', { name: 'Zapier sync' });

      await user.click(within(article).getByRole('button', { name: 'Delete' }));
      let confirm = await screen.findByRole('alertdialog', { name: 'Delete this key?' });
      expect(confirm).toHaveTextContent('“Zapier sync” will be removed for good');
      await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(fake.callsTo(apiRoutes.apiKeys.delete, { id: key.id })).toHaveLength(0);
      expect(row('Zapier sync')).toBeInTheDocument();

      await user.click(within(article).getByRole('button', { name: 'Delete' }));
      confirm = await screen.findByRole('alertdialog', { name: 'Delete this key?' });
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('API key deleted')).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.apiKeys.delete, { id: key.id })).toHaveLength(1);
      await waitFor(() =>
        expect(screen.queryByRole('article', { name: 'Zapier sync' })).not.toBeInTheDocument(),
      );
      expect(screen.getByRole('article', { name: 'Old script' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'toasts the spec’s message when deleting fails, and keeps the key',
    async () => {
      const key = zapier();
      const server = apiKeysServer([key]);
      const { user } = renderApiKeys(server, {
        ...fakeRoute(apiRoutes.apiKeys.delete, { id: key.id }, errorReply(500, 'internal')),
      });
      const article = await screen.findByRole('article', { name: 'Zapier sync' });
      await user.click(within(article).getByRole('button', { name: 'Delete' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Delete this key?' });
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Failed to delete API key')).toBeInTheDocument();
      expect(screen.getByRole('article', { name: 'Zapier sync' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'tests a key created in this visit with the key alone, and after revoking it says it is invalid',
    async () => {
      const { user, fake } = renderApiKeys(apiKeysServer([]));
      const dialog = await openCreate(user);
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Cursor');
      await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
      const created = await screen.findByRole('dialog', { name: 'Your new API key' });
      await user.click(within(created).getByRole('button', { name: 'Show key' }));
      const fullKey = within(created).getByRole<HTMLInputElement>('textbox', { name: 'API key' }).value;
      await user.click(within(created).getByRole('button', { name: 'Done' }));

      const article = await screen.findByRole('article', { name: 'Cursor' });
      await user.click(within(article).getByRole('button', { name: 'Test' }));
      expect(await screen.findByText('The key “Cursor” works')).toBeInTheDocument();
      const [call] = fake.callsTo(apiRoutes.v1.me);
      expect(call!.headers.get('authorization')).toBe(`Bearer ${fullKey}`);
      // No paste dialog: this visit knows the key.
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      // The call counted towards the key's usage; the list is refetched.
      await waitFor(() => expect(figure(row('Cursor'), 'Requests')).toBe('1'));

      await user.click(within(article).getByRole('button', { name: 'Revoke' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this key?' });
      await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
      expect(await within(row('Cursor')).findByText('Revoked')).toBeInTheDocument();

      await user.click(within(row('Cursor')).getByRole('button', { name: 'Test' }));
      expect(await screen.findByText('The key is unavailable or invalid')).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.v1.me)).toHaveLength(2);
    },
    SLOW,
  );

  it(
    'asks for the key to test an older one, and then knows it',
    async () => {
      const key = zapier();
      const secret = 'dpl_Zapier0000000000000000000000Zp42';
      const server = apiKeysServer([key], { secrets: { [key.id]: secret } });
      const { user, fake } = renderApiKeys(server);
      const article = await screen.findByRole('article', { name: 'Zapier sync' });

      await user.click(within(article).getByRole('button', { name: 'Test' }));
      const dialog = await screen.findByRole('dialog', { name: 'Test an API key' });
      const input = within(dialog).getByLabelText('API key');
      expect(input).toHaveAttribute('type', 'password');

      await user.click(within(dialog).getByRole('button', { name: 'Test' }));
      expect(await within(dialog).findByText('Paste the key')).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.v1.me)).toHaveLength(0);

      await user.type(input, 'dpl_wrong');
      await user.click(within(dialog).getByRole('button', { name: 'Test' }));
      expect(await screen.findByText('The key is unavailable or invalid')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Test an API key' })).toBeInTheDocument();

      await user.clear(input);
      await user.type(input, secret);
      await user.click(within(dialog).getByRole('button', { name: 'Test' }));
      expect(await screen.findByText('The key “Zapier sync” works')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(fake.callsTo(apiRoutes.v1.me).at(-1)!.headers.get('authorization')).toBe(`Bearer ${secret}`);

      await user.click(within(row('Zapier sync')).getByRole('button', { name: 'Show key' }));
      expect(within(row('Zapier sync')).getByRole('textbox', { name: 'API key' })).toHaveValue(secret);
    },
    SLOW,
  );

  it(
    'says the test failed when the public API fails for another reason',
    async () => {
      const key = zapier();
      const server = apiKeysServer([key]);
      const { user, fake } = renderApiKeys(server, {
        ...fakeRoute(apiRoutes.v1.me, errorReply(500, 'internal')),
      });
      const article = await screen.findByRole('article', { name: 'Zapier sync' });
      await user.click(within(article).getByRole('button', { name: 'Test' }));
      const dialog = await screen.findByRole('dialog', { name: 'Test an API key' });
      await user.type(within(dialog).getByLabelText('API key'), 'dpl_whatever');
      await user.click(within(dialog).getByRole('button', { name: 'Test' }));
      expect(await screen.findByText('Failed to test API key')).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.v1.me)).toHaveLength(1);
    },
    SLOW,
  );
});
