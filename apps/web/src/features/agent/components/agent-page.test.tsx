import {
  type AgentStatus,
  type ChatMessage,
  type ChatStreamEvent,
  routes as apiRoutes,
} from '@doppel/contracts';
import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorReply, type FakeReply, type FakeRequest, fakeRoute } from '@/test-support/fake-api';
import { renderWithProviders, signedInRoutes, type ServerRoutes } from '@/test-support/render-with-providers';
import { AgentPage } from './agent-page';

let counter = 0;
function message(overrides: Partial<ChatMessage> = {}): ChatMessage {
  counter++;
  return {
    id: `m${counter}`,
    type: 'user',
    content: `Message ${counter}`,
    timestamp: new Date(2026, 10, 5, 9, counter % 60).toISOString(),
    engine: null,
    ...overrides,
  };
}

/** What the page should show for a timestamp: local hours and minutes. */
function clock(iso: string): string {
  const date = new Date(iso);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

const ONLINE_OFFLINE_ENGINE: AgentStatus = {
  online: true,
  engine: 'offline',
  model: null,
  error: null,
  checkedAt: '2026-11-05T09:00:00.000Z',
};

const sse = (events: ChatStreamEvent[]) =>
  events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('');

function streamReply(events: ChatStreamEvent[]): Omit<FakeReply, 'body'> {
  return { headers: { 'content-type': 'text/event-stream' }, rawBody: sse(events) };
}

/** A reply whose events the test sends one by one, while the page is reading. */
function controlledStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  return {
    reply: { headers: { 'content-type': 'text/event-stream' }, stream } satisfies FakeReply,
    push: (event: ChatStreamEvent) => controller.enqueue(encoder.encode(sse([event]))),
    close: () => controller.close(),
  };
}

function renderAgent(server: ServerRoutes = {}, { width = 1280 } = {}) {
  return renderWithProviders(<Route path="/agent" element={<AgentPage />} />, {
    path: '/agent',
    width,
    server: {
      ...signedInRoutes(),
      ...fakeRoute(apiRoutes.agent.messages, { body: { items: [] } }),
      ...fakeRoute(apiRoutes.agent.status, { body: ONLINE_OFFLINE_ENGINE }),
      ...server,
    },
  });
}

const conversationLog = () => screen.findByRole('log', { name: 'Conversation with your twin' });

describe('Agent console', () => {
  it('shows the kept conversation: who wrote each message, when, and with which engine', async () => {
    const question = message({ content: '/tasks pending' });
    const commandAnswer = message({
      type: 'assistant',
      content: 'Pending tasks:\n1. Reply to Anna',
      engine: { kind: 'command', model: null },
    });
    const offlineAnswer = message({
      type: 'assistant',
      content: '<b>not bold</b>',
      engine: { kind: 'offline', model: null },
    });
    const modelAnswer = message({
      type: 'assistant',
      content: 'Sure.',
      engine: { kind: 'model', model: 'gpt-4o' },
    });
    renderAgent({
      ...fakeRoute(apiRoutes.agent.messages, {
        body: { items: [question, commandAnswer, offlineAnswer, modelAnswer] },
      }),
    });

    const log = await conversationLog();
    const items = within(log).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent('you');
    expect(items[0]).toHaveTextContent('/tasks pending');
    expect(within(items[0]!).getByText(clock(question.timestamp))).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('twin');
    expect(within(items[1]!).getByText('command')).toBeInTheDocument();
    expect(within(items[1]!).getByText(clock(commandAnswer.timestamp))).toBeInTheDocument();
    // Multi-line text keeps its lines; markup is shown as text, never rendered.
    const lines = within(items[1]!).getByText('Pending tasks:\n1. Reply to Anna', {
      normalizer: getDefaultNormalizer({ collapseWhitespace: false }),
    });
    expect(lines).toHaveClass('whitespace-pre-wrap');
    expect(within(items[2]!).getByText('offline engine')).toBeInTheDocument();
    expect(within(items[2]!).getByText('<b>not bold</b>')).toBeInTheDocument();
    expect(items[2]!.querySelector('b')).toBeNull();
    expect(within(items[3]!).getByText('gpt-4o')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Agent' })).toBeInTheDocument();
  });

  it('invites to type /help when the conversation is empty, and names /help and /status under the input', async () => {
    renderAgent();
    expect(await within(await conversationLog()).findByText(/Type \/help/)).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Message' });
    expect(input).toHaveAccessibleDescription(expect.stringMatching(/\/help.*\/status/));
  });

  it('says online with the offline engine, never passing it off as a model', async () => {
    renderAgent();
    expect(await screen.findByText('Online')).toBeInTheDocument();
    expect(screen.getByText('Offline engine')).toBeInTheDocument();
  });

  it('says offline with the model and the reason when the model does not answer', async () => {
    renderAgent({
      ...fakeRoute(apiRoutes.agent.status, {
        body: {
          online: false,
          engine: 'model',
          model: 'gpt-4o',
          error: 'connect ECONNREFUSED 127.0.0.1:9',
          checkedAt: '2026-11-05T09:00:00.000Z',
        },
      }),
    });
    expect(await screen.findByText('Offline')).toBeInTheDocument();
    expect(screen.getByText('gpt-4o')).toBeInTheDocument();
    expect(screen.getByText('Reason: connect ECONNREFUSED 127.0.0.1:9')).toBeInTheDocument();
    expect(screen.queryByText('Offline engine')).not.toBeInTheDocument();
  });

  it('offers a retry when the conversation cannot be loaded', async () => {
    let down = true;
    const { user } = renderAgent({
      ...fakeRoute(apiRoutes.agent.messages, () =>
        down ? errorReply(500, 'internal') : { body: { items: [message({ content: 'Back again' })] } },
      ),
    });
    expect(await screen.findByText('Could not load the conversation')).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(await conversationLog()).findByText('Back again')).toBeInTheDocument();
  });

  it('streams the answer in while typing... shows and the prompt is locked, then keeps the stored answer', async () => {
    const stream = controlledStream();
    const requests: unknown[] = [];
    const { user } = renderAgent({
      ...fakeRoute(apiRoutes.agent.sendMessage, (request: FakeRequest) => {
        requests.push(request.body);
        return stream.reply;
      }),
    });
    await conversationLog();
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, '  What is pending?  ');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('typing...')).toBeInTheDocument();
    expect(input).toBeDisabled();
    expect(input).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(requests).toEqual([{ content: 'What is pending?' }]);

    const stored = message({ content: 'What is pending?' });
    stream.push({ type: 'user', message: stored });
    stream.push({ type: 'tool', name: 'list_tasks' });
    expect(await screen.findByText('Looking up tasks…')).toBeInTheDocument();
    const log = await conversationLog();
    expect(within(log).getByText('What is pending?')).toBeInTheDocument();

    stream.push({ type: 'delta', text: 'Two tasks ' });
    stream.push({ type: 'delta', text: 'are pending.' });
    expect(await within(log).findByText('Two tasks are pending.')).toBeInTheDocument();
    expect(screen.queryByText('Looking up tasks…')).not.toBeInTheDocument();
    expect(screen.getByText('typing...')).toBeInTheDocument();
    expect(input).toBeDisabled();

    const answer = message({
      type: 'assistant',
      content: 'Two tasks are pending.',
      engine: { kind: 'model', model: 'gpt-4o' },
    });
    stream.push({ type: 'done', message: answer });
    stream.close();

    await waitFor(() => expect(screen.queryByText('typing...')).not.toBeInTheDocument());
    expect(input).toBeEnabled();
    expect(input).toHaveFocus();
    const items = within(log).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[1]).toHaveTextContent('Two tasks are pending.');
    expect(within(items[1]!).getByText('gpt-4o')).toBeInTheDocument();
    expect(within(items[1]!).getByText(clock(answer.timestamp))).toBeInTheDocument();
  });

  it('does not send an empty or whitespace-only message', async () => {
    const { user, fake } = renderAgent({ ...fakeRoute(apiRoutes.agent.sendMessage, streamReply([])) });
    await conversationLog();
    const input = screen.getByRole('textbox', { name: 'Message' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(input, '   ');
    expect(send).toBeDisabled();
    await user.keyboard('{Enter}');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(input).toHaveValue('   \n');
    expect(send).toBeDisabled();
    expect(fake.callsTo(apiRoutes.agent.sendMessage)).toHaveLength(0);
  });

  it('asks before /clear, sends nothing on cancel, and empties the conversation once cleared', async () => {
    const old = [message({ content: 'Old question' }), message({ type: 'assistant', content: 'Old answer' })];
    const { user, fake } = renderAgent({
      ...fakeRoute(apiRoutes.agent.messages, { body: { items: old } }),
      ...fakeRoute(
        apiRoutes.agent.sendMessage,
        streamReply([{ type: 'user', message: message({ content: '/clear' }) }, { type: 'cleared' }]),
      ),
    });
    const log = await conversationLog();
    await within(log).findByText('Old answer');
    const input = screen.getByRole('textbox', { name: 'Message' });

    await user.type(input, '/clear{Enter}');
    let dialog = await screen.findByRole('alertdialog', { name: 'Clear the conversation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fake.callsTo(apiRoutes.agent.sendMessage)).toHaveLength(0);
    expect(input).toHaveValue('/clear');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Clear the conversation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));

    expect(await within(log).findByText(/Type \/help/)).toBeInTheDocument();
    expect(within(log).queryByText('Old answer')).not.toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.agent.sendMessage).map((call) => call.body)).toEqual([
      { content: '/clear' },
    ]);
  });

  it('gives the text back and shows the error when the answer fails', async () => {
    const { user } = renderAgent({
      ...fakeRoute(
        apiRoutes.agent.sendMessage,
        streamReply([
          { type: 'user', message: message({ content: 'Draft a reply to Anna' }) },
          { type: 'delta', text: 'Dear An' },
          { type: 'error', error: { code: 'ai_provider_failed', message: 'openai (gpt-4o): overloaded' } },
        ]),
      ),
    });
    await conversationLog();
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, 'Draft a reply to Anna{Enter}');

    expect(await screen.findByText('openai (gpt-4o): overloaded')).toBeInTheDocument();
    await waitFor(() => expect(input).toHaveValue('Draft a reply to Anna'));
    expect(input).toBeEnabled();
    expect(screen.queryByText('typing...')).not.toBeInTheDocument();
    expect(screen.queryByText('Dear An')).not.toBeInTheDocument();
    // The server stored nothing of the failed exchange, so the question leaves the log too.
    const log = await conversationLog();
    expect(within(log).queryByText('Draft a reply to Anna')).not.toBeInTheDocument();
  });

  it('gives the text back when the server refuses the message before answering', async () => {
    const { user } = renderAgent(
      {
        ...fakeRoute(
          apiRoutes.agent.sendMessage,
          errorReply(402, 'token_quota_exceeded', 'Your monthly tokens are used up.'),
        ),
      },
      { width: 390 },
    );
    await conversationLog();
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, 'Hello{Enter}');
    expect(await screen.findByText('Your monthly tokens are used up.')).toBeInTheDocument();
    await waitFor(() => expect(input).toHaveValue('Hello'));
  });
});
