import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * What the fake Reddit and LinkedIn servers share: an HTTP server on 127.0.0.1 that reads form
 * and JSON bodies and records every request, and the consent page of an OAuth 2.0 authorization
 * code flow (RFC 6749 §4.1) — a real page a person (or Playwright) answers with Allow or Deny,
 * which sends the browser back to the client's redirect_uri with a one-time code or an error.
 */

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** Form fields (application/x-www-form-urlencoded) or the parsed JSON body. */
  form: URLSearchParams;
  json: unknown;
}

export interface FakeAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export const jsonAnswer = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): FakeAnswer => ({
  status,
  headers: { 'content-type': 'application/json; charset=UTF-8', ...headers },
  body: JSON.stringify(body),
});

export interface StartedFake {
  baseUrl: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

export async function startFakeHttp(
  handle: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>,
  port = 0,
): Promise<StartedFake> {
  const requests: FakeRequest[] = [];
  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      const raw = Buffer.concat(chunks).toString('utf8');
      const type = incoming.headers['content-type'] ?? '';
      let json: unknown = null;
      if (type.includes('json') && raw) {
        try {
          json = JSON.parse(raw);
        } catch {
          json = undefined;
        }
      }
      const request: FakeRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        form: new URLSearchParams(type.includes('x-www-form-urlencoded') ? raw : ''),
        json,
      };
      // Readiness for whoever starts the fake (Playwright's webServer), not recorded.
      if (request.path === '/healthz') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end('ok');
        return;
      }
      requests.push(request);
      void Promise.resolve()
        .then(() => handle(request))
        .catch((error: unknown): FakeAnswer => ({ status: 500, body: String(error) }))
        .then((answer) => {
          response.writeHead(answer.status, answer.headers ?? {});
          response.end(answer.body ?? '');
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const newToken = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A consent under way: who asked, for what, and where to send the answer. */
export interface ConsentRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  scope: string;
}

/**
 * The consent page: what the app asks for, and Allow / Deny buttons that POST the authorization
 * request's own parameters back to the same path (with `decision`).
 */
export function consentPage(
  site: string,
  action: string,
  query: URLSearchParams,
  scopes: string[],
): FakeAnswer {
  const hidden = [...query.entries()]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: `<!doctype html><html lang="en"><head><title>${site}: authorize application</title></head><body>
<main><h1>${site}</h1><p>An application would like to connect with your account.</p>
<p>It asks for: ${scopes.map(escapeHtml).join(', ')}</p>
<form method="post" action="${action}">${hidden}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button></form></main></body></html>`,
  };
}

/** The redirect back to the client with `params` (code and state, or error and state). */
export function redirectBack(redirectUri: string, params: Record<string, string>): FakeAnswer {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return { status: 302, headers: { location: url.toString() } };
}

/**
 * Answers the consent page as a person would: opens it, then submits Allow or Deny with the
 * request's parameters. The redirect's address back to the client.
 */
export async function answerConsent(authorizeUrl: string, decision: 'allow' | 'deny'): Promise<string> {
  const page = await fetch(authorizeUrl);
  if (!page.ok) throw new Error(`consent page answered ${page.status}`);
  const url = new URL(authorizeUrl);
  const params = url.searchParams;
  params.set('decision', decision);
  const answer = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: params.toString(),
    redirect: 'manual',
  });
  return answer.headers.get('location') ?? '';
}
