// A fake Telegram Bot API on 127.0.0.1 for end-to-end tests: any token shaped like a real one
// (123456:ABC…) is a bot named after its id; setWebhook, sendMessage and the rest answer as
// Telegram does. Control endpoints let a test play someone writing to the bot and read what
// Doppel sent: POST /control/deliver { token, text, chatId?, firstName? } posts an update to the
// registered webhook and answers { status, updateId } with the webhook's HTTP status;
// GET /control/sent?token=… answers { items: [sendMessage bodies] }. Run with tsx.
import { pathToFileURL } from 'node:url';
// The fake is shared with the server's own tests; e2e may not import server code otherwise.
import {
  startFakeTelegram,
  textUpdate,
  type FakeTelegram,
  type FakeTelegramRouteRequest,
} from '../../apps/server/src/test-support/fake-messengers/telegram';

/** Ports move with E2E_PORT_BASE, like the others in e2e/support/constants.ts. */
export const FAKE_TELEGRAM_PORT = 2529 + Number(process.env.E2E_PORT_BASE ?? 0);
/** What the fake takes for a bot token. */
export const FAKE_TELEGRAM_TOKEN_PATTERN = /^\d+:[\w-]{10,}$/;
export const FAKE_TELEGRAM_CHAT_ID = 700100;

export function fakeTelegramBotName(token: string): string {
  return `fake_${token.split(':')[0]}_bot`;
}

function control(fake: () => FakeTelegram) {
  let nextUpdateId = 100_000;
  return async (request: FakeTelegramRouteRequest) => {
    if (request.method === 'POST' && request.path === '/control/deliver') {
      const body = (request.body ?? {}) as {
        token?: unknown;
        text?: unknown;
        chatId?: unknown;
        firstName?: unknown;
      };
      if (typeof body.token !== 'string' || !FAKE_TELEGRAM_TOKEN_PATTERN.test(body.token)) {
        return { status: 400, body: { error: 'token must look like 123456:ABCDEFGHIJ' } };
      }
      if (typeof body.text !== 'string' || !body.text)
        return { status: 400, body: { error: 'text is required' } };
      if (!fake().webhookOf(body.token)) return { status: 409, body: { error: 'the bot has no webhook' } };
      const chatId =
        typeof body.chatId === 'number' || typeof body.chatId === 'string'
          ? body.chatId
          : FAKE_TELEGRAM_CHAT_ID;
      const updateId = ++nextUpdateId;
      const update = textUpdate({
        updateId,
        chatId,
        text: body.text,
        firstName: typeof body.firstName === 'string' ? body.firstName : 'Alex',
      });
      const status = await fake().postUpdate(body.token, update);
      return { status: 200, body: { status, updateId } };
    }
    if (request.method === 'GET' && request.path === '/control/sent') {
      const token = request.query.get('token') ?? '';
      return { status: 200, body: { items: fake().sent(token) } };
    }
    return null;
  };
}

export async function startFakeTelegramServer(port = FAKE_TELEGRAM_PORT): Promise<FakeTelegram> {
  let started: FakeTelegram | null = null;
  started = await startFakeTelegram({
    port,
    acceptToken: (token) => (FAKE_TELEGRAM_TOKEN_PATTERN.test(token) ? fakeTelegramBotName(token) : null),
    routes: control(() => started!),
  });
  return started;
}

// Started by Playwright's webServer; imported by specs only for its constants.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  startFakeTelegramServer().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
