import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPage, PageFetchError } from './fetch-page';

/*
 * The test site stands for a public web page: the policy below lets the fetcher reach exactly
 * 127.0.0.1 and nothing else, so its redirects to internal addresses must be refused. No
 * request ever leaves the machine: internal literal IPs are refused before connecting.
 */
const onlyTheTestSite = (address: string) => address === '127.0.0.1';

let server: http.Server;
let base: string;
let port: number;
const seen: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    seen.push(request.url ?? '');
    const redirects: Record<string, string> = {
      '/to-metadata': 'http://169.254.169.254/latest/meta-data/',
      '/to-private': 'http://10.0.0.1/admin',
      '/to-other-loopback': `http://127.0.0.2:${port}/secret`,
      '/to-file': 'file:///etc/passwd',
      '/loop': '/loop',
      '/ok-hop': '/page',
    };
    const target = redirects[request.url ?? ''];
    if (target) {
      response.writeHead(302, { location: target });
      return response.end();
    }
    if (request.url === '/page') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end('<title>Public page</title>');
    }
    if (request.url === '/big') {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end(Buffer.alloc(64 * 1024, 0x61));
    }
    if (request.url === '/slow') return; // never answers
    response.writeHead(500).end('stack trace with secrets');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
});

const refusal = { reason: 'refused' };

describe('fetchPage', () => {
  it('refuses loopback, private and link-local addresses by default, before connecting', async () => {
    const before = seen.length;
    for (const url of [
      `${base}/page`,
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      `http://localhost:${port}/page`,
    ]) {
      await expect(fetchPage(url), url).rejects.toMatchObject(refusal);
    }
    expect(seen.length).toBe(before);
  });

  it('checks every redirect hop: internal targets are refused, a public hop is followed', async () => {
    for (const path of ['/to-metadata', '/to-private', '/to-other-loopback', '/to-file']) {
      await expect(
        fetchPage(`${base}${path}`, { allowAddress: onlyTheTestSite }),
        path,
      ).rejects.toMatchObject(refusal);
    }
    expect(seen).not.toContain('/secret');
    const page = await fetchPage(`${base}/ok-hop`, { allowAddress: onlyTheTestSite });
    expect(page).toMatchObject({ url: `${base}/page`, mediaType: 'text/html', charset: 'utf-8' });
    expect(page.body.toString()).toBe('<title>Public page</title>');
  });

  it('caps size, time and redirects, and never repeats what the server said', async () => {
    const options = { allowAddress: onlyTheTestSite };
    await expect(fetchPage(`${base}/big`, { ...options, maxBytes: 1024 })).rejects.toMatchObject({
      reason: 'too_large',
    });
    await expect(fetchPage(`${base}/slow`, { ...options, timeoutMs: 300 })).rejects.toMatchObject({
      reason: 'timeout',
      message: 'The page did not answer within 0.3 seconds.',
    });
    await expect(fetchPage(`${base}/loop`, options)).rejects.toMatchObject({ reason: 'redirects' });
    const failure = await fetchPage(`${base}/error`, options).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PageFetchError);
    expect((failure as Error).message).toBe('The page answered with HTTP 500.');
  });
});
