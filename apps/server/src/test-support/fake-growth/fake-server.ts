import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the fake lead-source and enrichment providers share: an HTTP
 * server on 127.0.0.1 that records every request, lets a test script failures (status and
 * Retry-After) for the next calls, and calls a hook as each request arrives — so a test can,
 * say, pause a campaign while its run is reading a provider.
 */

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON body, or null. */
  body: unknown;
  /** The body as sent, for forms (OAuth token requests). */
  rawBody: string;
  /** Date.now() when it arrived. */
  at: number;
}

export interface FakeFailure {
  status: number;
  /** Sent as Retry-After (seconds). */
  retryAfter?: number;
  /** The JSON body to answer with; each fake has its own error shape by default. */
  body?: unknown;
}

export interface FakeAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Sent as is, with this content type, instead of JSON. */
  raw?: { contentType: string; text: string };
}

export interface FakeServer {
  baseUrl: string;
  requests: FakeRequest[];
  /** The next calls answer with these failures, in order, before the real handler runs. */
  failNext(...failures: FakeFailure[]): void;
  /** Called as each request arrives, before it is answered. */
  onRequest(hook: ((request: FakeRequest) => void | Promise<void>) | null): void;
  close(): Promise<void>;
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startFakeServer(
  handle: (request: FakeRequest) => FakeAnswer,
  errorBody: (failure: FakeFailure) => unknown,
): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const failures: FakeFailure[] = [];
  let hook: ((request: FakeRequest) => void | Promise<void>) | null = null;

  const server = http.createServer((incoming, response) => {
    void (async () => {
      const raw = await readBody(incoming);
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = null;
      }
      const request: FakeRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body,
        rawBody: raw,
        at: Date.now(),
      };
      requests.push(request);
      await hook?.(request);
      const failure = failures.shift();
      const answer: FakeAnswer = failure
        ? {
            status: failure.status,
            body: failure.body ?? errorBody(failure),
            headers: failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) },
          }
        : handle(request);
      if (answer.raw) {
        response.writeHead(answer.status, { 'content-type': answer.raw.contentType, ...answer.headers });
        response.end(answer.raw.text);
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(JSON.stringify(answer.body));
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    failNext: (...next) => failures.push(...next),
    onRequest: (next) => {
      hook = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
