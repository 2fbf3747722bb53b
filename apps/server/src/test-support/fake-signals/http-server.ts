import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake signals server received. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** Date.now() when it arrived. */
  at: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface StartedServer {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 (any free port) that records requests and answers as told. */
export async function startRecordingServer(
  handle: (request: RecordedRequest) => Answer,
): Promise<StartedServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((incoming, response) => {
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    const request: RecordedRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: incoming.headers,
      at: Date.now(),
    };
    requests.push(request);
    // The body of a GET is not read; drain it so the connection can be reused.
    incoming.resume();
    let answer: Answer;
    try {
      answer = handle(request);
    } catch (error) {
      answer = { status: 500, body: String(error) };
    }
    response.writeHead(answer.status, answer.headers ?? {});
    response.end(answer.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
