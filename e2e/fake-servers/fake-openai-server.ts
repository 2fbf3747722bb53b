// A fake OpenAI-compatible chat server on 127.0.0.1 for end-to-end tests: POST /v1/chat/completions
// answers with a fixed text and fixed token counts, as one JSON body or as a server-sent event
// stream (a word at a time, slowly enough to watch), so tests can check both the answer and the
// usage Doppel records; GET /v1/models answers the health check. Run with tsx.
import http from 'node:http';
import { pathToFileURL } from 'node:url';

/** Ports move with E2E_PORT_BASE, like the others in e2e/support/constants.ts. */
export const FAKE_OPENAI_PORT = 2528 + Number(process.env.E2E_PORT_BASE ?? 0);
export const FAKE_OPENAI_ANSWER = 'Hello from the fake model';
export const FAKE_OPENAI_USAGE = { prompt_tokens: 11, completion_tokens: 6 } as const;
/** Streamed answers come a word at a time this far apart, so tests can watch them arrive. */
export const FAKE_OPENAI_WORD_DELAY_MS = 400;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function completion(model: string) {
  const usage = {
    ...FAKE_OPENAI_USAGE,
    total_tokens: FAKE_OPENAI_USAGE.prompt_tokens + FAKE_OPENAI_USAGE.completion_tokens,
  };
  return { id: `chatcmpl-fake-${Date.now()}`, created: Math.floor(Date.now() / 1000), model, usage };
}

async function chatCompletions(request: http.IncomingMessage, response: http.ServerResponse) {
  let body: { model?: string; stream?: boolean };
  try {
    body = JSON.parse(await readBody(request)) as typeof body;
  } catch {
    response.writeHead(400, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { message: 'invalid JSON', type: 'invalid_request_error' } }));
    return;
  }
  const { id, created, model, usage } = completion(body.model ?? 'fake-model');
  if (!body.stream) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [
          { index: 0, message: { role: 'assistant', content: FAKE_OPENAI_ANSWER }, finish_reason: 'stop' },
        ],
        usage,
      }),
    );
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
  const chunk = (delta: object, finishReason: string | null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
  send(chunk({ role: 'assistant', content: '' }, null));
  for (const word of FAKE_OPENAI_ANSWER.split(/(?= )/)) {
    send(chunk({ content: word }, null));
    await pause(FAKE_OPENAI_WORD_DELAY_MS);
  }
  send(chunk({}, 'stop'));
  // With stream_options.include_usage the usage comes in a last chunk without choices.
  send({ id, object: 'chat.completion.chunk', created, model, choices: [], usage });
  response.end('data: [DONE]\n\n');
}

export function startFakeOpenAiServer(port = FAKE_OPENAI_PORT): http.Server {
  return http
    .createServer((request, response) => {
      const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
      if (request.method === 'GET' && url.pathname === '/healthz') return void response.end('ok');
      // The model list is what Doppel's health check reads (the agent console's online status).
      if (request.method === 'GET' && url.pathname === '/v1/models') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            object: 'list',
            data: [{ id: 'fake-model-1', object: 'model', owned_by: 'fake' }],
          }),
        );
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/chat/completions') {
        chatCompletions(request, response).catch(() => {
          response.statusCode = 500;
          response.end();
        });
        return;
      }
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
    })
    .listen(port, '127.0.0.1');
}

// Started by Playwright's webServer; imported by specs only for its constants.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) startFakeOpenAiServer();
