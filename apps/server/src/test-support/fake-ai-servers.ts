import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Fake language-model providers on 127.0.0.1 speaking the real wire formats: OpenAI chat completions (also what every OpenAI-compatible server speaks) and
 * Anthropic messages, plain and streamed, structured output included (OpenAI: the JSON schema
 * in response_format, the object as the message's text; Anthropic: see asJsonTool). Tests
 * script what the next calls answer.
 */
export type FakeStep = FakeAnswer & {
  /**
   * Only a request whose JSON body contains this text takes the step, so calls that run side by
   * side (a chat answer and a task's background analysis) each get their own answer.
   */
  match?: string;
  /**
   * The step stays after answering: every call it matches gets it, as from a model that always
   * answers that way (a benchmark's model answering each task analysis with a valid object).
   */
  repeat?: boolean;
};

type FakeAnswer =
  | {
      kind: 'reply';
      text?: string;
      promptTokens?: number;
      completionTokens?: number;
      /** Answers this long after the request came (a model that takes its time). */
      delayMs?: number;
    }
  /** The model asks to call a tool; the SDK runs it and calls again with the result. */
  | {
      kind: 'tool-call';
      name: string;
      input: Record<string, unknown>;
      promptTokens?: number;
      completionTokens?: number;
    }
  | { kind: 'status'; status: number; message?: string; retryAfter?: string }
  /** Never answers; the connection is dropped when the server closes. */
  | { kind: 'hang' };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  at: number;
}

export interface FakeAiServer {
  /** Base URL including /v1, as a provider's baseURL. */
  baseUrl: string;
  requests: RecordedRequest[];
  /**
   * Answers for the next calls, in order (a step with `repeat` answers every call it matches);
   * afterwards every call gets the default reply.
   */
  script(...steps: FakeStep[]): void;
  /** GET /v1/models (the health check) answers with this status; null restores 200. */
  failModelList(status: number | null): void;
  close(): Promise<void>;
}

type Dialect = 'openai' | 'anthropic';

const DEFAULT_REPLY = { kind: 'reply', text: 'OK', promptTokens: 11, completionTokens: 2 } as const;

function chunkText(text: string): string[] {
  return text.match(/.{1,4}/gs) ?? [''];
}

type AnswerStep = Extract<FakeAnswer, { kind: 'reply' | 'tool-call' }>;

function tokenCounts(step: AnswerStep) {
  return {
    promptTokens: step.promptTokens ?? DEFAULT_REPLY.promptTokens,
    completionTokens: step.completionTokens ?? DEFAULT_REPLY.completionTokens,
  };
}

let toolCallCounter = 0;

function openAiReply(res: http.ServerResponse, body: Record<string, unknown>, step: AnswerStep) {
  const { promptTokens, completionTokens } = tokenCounts(step);
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
  const base = { id: 'chatcmpl-fake', created: Math.floor(Date.now() / 1000), model: String(body.model) };
  const toolCall =
    step.kind === 'tool-call'
      ? { id: `call_${++toolCallCounter}`, name: step.name, arguments: JSON.stringify(step.input) }
      : null;
  const text = step.kind === 'reply' ? (step.text ?? DEFAULT_REPLY.text) : '';
  const finishReason = toolCall ? 'tool_calls' : 'stop';
  if (!body.stream) {
    const message = toolCall
      ? {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: toolCall.id,
              type: 'function',
              function: { name: toolCall.name, arguments: toolCall.arguments },
            },
          ],
        }
      : { role: 'assistant', content: text };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        ...base,
        object: 'chat.completion',
        choices: [{ index: 0, message, finish_reason: finishReason }],
        usage,
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  const chunk = (delta: unknown, finish: string | null = null) =>
    send({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] });
  if (toolCall) {
    chunk({
      role: 'assistant',
      content: null,
      tool_calls: [
        { index: 0, id: toolCall.id, type: 'function', function: { name: toolCall.name, arguments: '' } },
      ],
    });
    for (const piece of chunkText(toolCall.arguments)) {
      chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] });
    }
  } else {
    chunk({ role: 'assistant', content: '' });
    for (const piece of chunkText(text)) chunk({ content: piece });
  }
  chunk({}, finishReason);
  // Real servers send usage in a last chunk only when asked (stream_options.include_usage).
  const options = body.stream_options as { include_usage?: boolean } | undefined;
  if (options?.include_usage) send({ ...base, object: 'chat.completion.chunk', choices: [], usage });
  res.end('data: [DONE]\n\n');
}

function anthropicReply(res: http.ServerResponse, body: Record<string, unknown>, step: AnswerStep) {
  const { promptTokens: inputTokens, completionTokens: outputTokens } = tokenCounts(step);
  const message = { id: 'msg_fake', type: 'message', role: 'assistant', model: String(body.model) };
  const toolUse =
    step.kind === 'tool-call'
      ? { id: `toolu_${++toolCallCounter}`, name: step.name, input: step.input }
      : null;
  const text = step.kind === 'reply' ? (step.text ?? DEFAULT_REPLY.text) : '';
  const stopReason = toolUse ? 'tool_use' : 'end_turn';
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        ...message,
        content: toolUse ? [{ type: 'tool_use', ...toolUse }] : [{ type: 'text', text }],
        stop_reason: stopReason,
        stop_sequence: null,
        usage: { input_tokens: inputTokens, output_tokens: outputTokens },
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (event: string, data: unknown) =>
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  send('message_start', {
    type: 'message_start',
    message: {
      ...message,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: inputTokens, output_tokens: 1 },
    },
  });
  if (toolUse) {
    send('content_block_start', {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: toolUse.id, name: toolUse.name, input: {} },
    });
    for (const piece of chunkText(JSON.stringify(toolUse.input))) {
      send('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: piece },
      });
    }
  } else {
    send('content_block_start', {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '' },
    });
    for (const piece of chunkText(text)) {
      send('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: piece },
      });
    }
  }
  send('content_block_stop', { type: 'content_block_stop', index: 0 });
  send('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: outputTokens },
  });
  send('message_stop', { type: 'message_stop' });
  res.end();
}

function errorBody(dialect: Dialect, status: number, message: string): string {
  return dialect === 'openai'
    ? JSON.stringify({
        error: { message, type: status === 429 ? 'rate_limit_error' : 'server_error', code: null },
      })
    : JSON.stringify({
        type: 'error',
        error: { type: status === 429 ? 'rate_limit_error' : 'api_error', message },
      });
}

function modelList(dialect: Dialect) {
  return dialect === 'openai'
    ? { object: 'list', data: [{ id: 'fake-model', object: 'model', created: 0, owned_by: 'fake' }] }
    : {
        data: [{ type: 'model', id: 'fake-model', display_name: 'Fake', created_at: '2026-01-01T00:00:00Z' }],
        has_more: false,
        first_id: 'fake-model',
        last_id: 'fake-model',
      };
}

/**
 * Structured output on Anthropic's wire: models without native output formats get the JSON
 * schema as a tool named `json` they must call (tool_choice any), and answer with a tool_use
 * block whose input is the object. A scripted reply whose text is a JSON object is answered that
 * way, as the real API would; text that is not an object stays text (a model that ignored the
 * tool). With `output_config.format` (native structured outputs) the object is the text.
 */
function asJsonTool(body: Record<string, unknown>, step: AnswerStep): AnswerStep {
  const tools = Array.isArray(body.tools) ? (body.tools as Array<{ name?: string }>) : [];
  const choice = body.tool_choice as { type?: string; name?: string } | undefined;
  const forcedJson =
    tools.some((tool) => tool.name === 'json') &&
    (choice?.type === 'any' || (choice?.type === 'tool' && choice.name === 'json'));
  if (!forcedJson || step.kind !== 'reply') return step;
  let input: unknown;
  try {
    input = JSON.parse(step.text ?? '');
  } catch {
    return step;
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return step;
  return {
    kind: 'tool-call',
    name: 'json',
    input: input as Record<string, unknown>,
    promptTokens: step.promptTokens,
    completionTokens: step.completionTokens,
  };
}

async function startFake(dialect: Dialect): Promise<FakeAiServer> {
  const requests: RecordedRequest[] = [];
  const steps: FakeStep[] = [];
  let modelListStatus: number | null = null;
  const endpoint = dialect === 'openai' ? '/v1/chat/completions' : '/v1/messages';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        // Recorded as empty; the test sees it.
      }
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        at: Date.now(),
      });
      if (req.method === 'GET' && req.url === '/v1/models') {
        if (modelListStatus !== null) {
          res.writeHead(modelListStatus, { 'content-type': 'application/json' });
          res.end(errorBody(dialect, modelListStatus, `fake ${dialect} model list failure`));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(modelList(dialect)));
        return;
      }
      if (req.method !== 'POST' || req.url !== endpoint) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(errorBody(dialect, 404, `no route ${req.method} ${req.url}`));
        return;
      }
      const raw = JSON.stringify(body);
      const index = steps.findIndex((candidate) => !candidate.match || raw.includes(candidate.match));
      const step =
        index < 0 ? DEFAULT_REPLY : steps[index]!.repeat ? steps[index]! : steps.splice(index, 1)[0]!;
      if (step.kind === 'hang') return;
      if (step.kind === 'status') {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (step.retryAfter !== undefined) headers['retry-after'] = step.retryAfter;
        res.writeHead(step.status, headers);
        res.end(errorBody(dialect, step.status, step.message ?? `fake ${dialect} failure`));
        return;
      }
      const reply = dialect === 'anthropic' ? asJsonTool(body, step) : step;
      const answer = () =>
        dialect === 'openai' ? openAiReply(res, body, reply) : anthropicReply(res, body, reply);
      const delayMs = step.kind === 'reply' && 'delayMs' in step ? (step.delayMs ?? 0) : 0;
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...next) => {
      steps.length = 0;
      steps.push(...next);
    },
    failModelList: (status) => {
      modelListStatus = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Chat completions (/v1/chat/completions): OpenAI and every OpenAI-compatible server. */
export function startFakeOpenAiServer(): Promise<FakeAiServer> {
  return startFake('openai');
}

/** Anthropic messages (/v1/messages). */
export function startFakeAnthropicServer(): Promise<FakeAiServer> {
  return startFake('anthropic');
}
