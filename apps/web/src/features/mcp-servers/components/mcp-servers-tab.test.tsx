import { type McpServer, routes as apiRoutes } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  errorReply,
  makeSession,
  type FakeRequest,
  fakeRoute,
  type RouteReply,
} from '@/test-support/fake-api';
import { renderWithProviders, signedInRoutes, type ServerRoutes } from '@/test-support/render-with-providers';
import { McpServersTab } from './mcp-servers-tab';

function makeServer(overrides: Partial<McpServer> = {}): McpServer {
  return {
    id: '6f1c2a60-1d7b-4a53-9a5e-0f6a4b1c2d3e',
    name: 'Notion',
    description: 'Team wiki',
    url: 'https://mcp.notion.example/mcp',
    color: 'purple',
    authHint: '••••1234',
    isActive: true,
    createdAt: '2026-03-14T09:30:00.000Z',
    updatedAt: '2026-03-14T09:30:00.000Z',
    ...overrides,
  };
}

const notion = makeServer();
const github = makeServer({
  id: '0b7e1f52-3c4d-4e5f-8a9b-1c2d3e4f5a6b',
  name: 'GitHub',
  description: '',
  url: 'https://api.github.example/mcp',
  color: 'gray',
  authHint: null,
  isActive: false,
});

function list(...items: McpServer[]): RouteReply<typeof apiRoutes.mcpServers.list> {
  return { body: { items } };
}

async function renderTab(server: ServerRoutes = {}, session = makeSession()) {
  const rendered = renderWithProviders(<Route path="*" element={<McpServersTab />} />, {
    server: {
      ...signedInRoutes(session),
      ...fakeRoute(apiRoutes.mcpServers.list, list(notion, github)),
      ...server,
    },
  });
  await waitFor(() => expect(rendered.services.session.getState().status).toBe('signedIn'));
  return rendered;
}

function card(name: string) {
  return within(screen.getByRole('listitem', { name }));
}

describe('MCP tab', () => {
  it('lists the servers with their address, description and active or disabled state', async () => {
    await renderTab();
    expect(await screen.findByRole('heading', { name: 'MCP servers' })).toBeInTheDocument();
    await screen.findByRole('listitem', { name: 'Notion' });
    const first = card('Notion');
    expect(first.getByText('Active')).toBeInTheDocument();
    expect(first.getByText('https://mcp.notion.example/mcp')).toBeInTheDocument();
    expect(first.getByText('Team wiki')).toBeInTheDocument();
    expect(first.getByText('Authorization header ••••1234')).toBeInTheDocument();
    expect(first.getByRole('switch', { name: 'Use in the agent chat' })).toBeChecked();
    const second = card('GitHub');
    expect(second.getByText('Disabled')).toBeInTheDocument();
    expect(second.getByRole('switch', { name: 'Use in the agent chat' })).not.toBeChecked();
    expect(second.queryByText(/Authorization header/)).not.toBeInTheDocument();
  });

  it('says when there are no servers yet, and shows a placeholder while loading', async () => {
    let answer: (reply: RouteReply<typeof apiRoutes.mcpServers.list>) => void = () => {};
    const { container } = await renderTab({
      ...fakeRoute(apiRoutes.mcpServers.list, () => new Promise((resolve) => (answer = resolve))),
    });
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).not.toBeNull());
    answer(list());
    expect(await screen.findByText('No MCP servers yet')).toBeInTheDocument();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const { fake, user } = await renderTab({
      ...fakeRoute(apiRoutes.mcpServers.list, errorReply(500, 'internal', '')),
    });
    expect(
      await screen.findByText('Could not load your MCP servers', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    fake.route(apiRoutes.mcpServers.list, list(notion));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Notion' })).toBeInTheDocument();
  });

  it('adds a server: checks the fields, sends them with the header, and lists the new one', async () => {
    let items: McpServer[] = [];
    const created = makeServer({
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      name: 'Linear',
      color: 'green',
    });
    const { user, fake } = await renderTab({
      ...fakeRoute(apiRoutes.mcpServers.list, () => list(...items)),
      ...fakeRoute(apiRoutes.mcpServers.create, () => {
        items = [created];
        return { status: 201, body: created };
      }),
    });
    await screen.findByText('No MCP servers yet');
    await user.click(screen.getByRole('button', { name: 'Add server' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add MCP server' }));
    await user.click(dialog.getByRole('button', { name: 'Add server' }));
    expect(dialog.getAllByText('This field is required')).toHaveLength(2);
    expect(fake.callsTo(apiRoutes.mcpServers.create)).toHaveLength(0);

    await user.type(dialog.getByLabelText('Server name'), 'Linear');
    await user.type(dialog.getByLabelText('Server URL'), 'ftp://linear.example');
    await user.click(dialog.getByRole('button', { name: 'Add server' }));
    expect(dialog.getByText('Enter an http or https address')).toBeInTheDocument();

    await user.clear(dialog.getByLabelText('Server URL'));
    await user.type(dialog.getByLabelText('Server URL'), 'https://mcp.linear.example/mcp');
    const header = dialog.getByLabelText('Authorization header (optional)');
    expect(header).toHaveAttribute('type', 'password');
    await user.type(header, 'Bearer lin_secret');
    await user.type(dialog.getByLabelText('Description (optional)'), 'Issues');
    await user.click(dialog.getByRole('radio', { name: 'Green' }));
    await user.click(dialog.getByRole('button', { name: 'Add server' }));

    expect(await screen.findByText('Linear added')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.mcpServers.create)[0]?.body).toEqual({
      name: 'Linear',
      url: 'https://mcp.linear.example/mcp',
      description: 'Issues',
      color: 'green',
      authHeader: 'Bearer lin_secret',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('listitem', { name: 'Linear' })).toBeInTheDocument();
  });

  it('switches a server off at once', async () => {
    let current = notion;
    const { user, fake } = await renderTab({
      ...fakeRoute(apiRoutes.mcpServers.list, () => list(current)),
      ...fakeRoute(apiRoutes.mcpServers.update, { id: notion.id }, ({ body }: FakeRequest) => {
        current = { ...notion, ...(body as object) };
        return { body: current };
      }),
    });
    await user.click(await card('Notion').findByRole('switch', { name: 'Use in the agent chat' }));
    expect(await screen.findByText('Notion is disabled')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.mcpServers.update, { id: notion.id })[0]?.body).toEqual({
      isActive: false,
    });
    expect(await card('Notion').findByText('Disabled')).toBeInTheDocument();
  });

  it('tests a server: its tools, or why it failed', async () => {
    let calls = 0;
    const { user } = await renderTab({
      ...fakeRoute(apiRoutes.mcpServers.test, { id: notion.id }, () =>
        ++calls === 1
          ? { body: { ok: true as const, tools: ['search', 'fetch_page'], latencyMs: 40 } }
          : { body: { ok: false as const, error: 'Refused to connect', latencyMs: 3 } },
      ),
    });
    const test = await screen.findByRole('button', { name: 'Test Notion' });
    await user.click(test);
    expect(await screen.findByText('Notion works. Tools: 2')).toBeInTheDocument();
    expect(card('Notion').getByText('Tools (2): search, fetch_page')).toBeInTheDocument();
    await user.click(test);
    expect(await screen.findByText('Notion did not answer')).toBeInTheDocument();
    expect(card('Notion').getByText('Connection failed: Refused to connect')).toBeInTheDocument();
  });

  it('asks before deleting, and deletes only when confirmed', async () => {
    let items = [notion, github];
    const { user, fake } = await renderTab({
      ...fakeRoute(apiRoutes.mcpServers.list, () => list(...items)),
      ...fakeRoute(apiRoutes.mcpServers.delete, { id: notion.id }, () => {
        items = [github];
        return { status: 204 };
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Notion' }));
    let confirm = within(await screen.findByRole('alertdialog', { name: 'Delete Notion?' }));
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fake.callsTo(apiRoutes.mcpServers.delete, { id: notion.id })).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Notion' }));
    confirm = within(await screen.findByRole('alertdialog', { name: 'Delete Notion?' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Notion deleted')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.mcpServers.delete, { id: notion.id })).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Notion' })).not.toBeInTheDocument());
  });

  it('in demo mode shows the servers but offers neither adding nor changing', async () => {
    const demo = makeSession({ user: { isDemo: true, name: 'Demo User', fullName: 'Demo User' } });
    await renderTab({}, demo);
    await screen.findByRole('listitem', { name: 'Notion' });
    const add = screen.getByRole('button', { name: 'Add server' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(/The demo cannot add MCP servers/);
    expect(card('Notion').getByRole('switch')).toBeDisabled();
    expect(card('Notion').getByRole('button', { name: 'Delete Notion' })).toBeDisabled();
  });
});
