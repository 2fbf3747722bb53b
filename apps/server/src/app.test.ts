import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoppelApp } from './app';
import { createTestApp } from './test-support/test-app';

let doppel: DoppelApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'doppel-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Doppel</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.info("app")');
  fs.writeFileSync(
    path.join(webDist, 'assets', 'app-abc123.js.br'),
    brotliCompressSync('console.info("app")'),
  );
  doppel = await createTestApp({ config: { webDistDir: webDist } });
});
afterAll(async () => {
  await doppel.app.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('server surface', () => {
  it('answers liveness and readiness', async () => {
    expect((await doppel.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await doppel.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('sends security headers: the whole set with a page, what matters for JSON with JSON', async () => {
    const page = await doppel.app.inject('/auth');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');

    const json = await doppel.app.inject('/api/nothing-here');
    expect(json.headers['content-type']).toContain('application/json');
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    expect(json.headers['cross-origin-resource-policy']).toBe('same-origin');
    // A JSON answer is never rendered as a page: no policy for one.
    expect(json.headers['content-security-policy']).toBeUndefined();
  });

  it('serves the web app with history fallback and long-lived hashed assets', async () => {
    for (const route of ['/', '/auth', '/actions', '/api', '/documents/anything']) {
      const response = await doppel.app.inject(route);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
    const asset = await doppel.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['cache-control']).toContain('immutable');
    // Sent as compressed at build time.
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.rawPayload).toEqual(brotliCompressSync('console.info("app")'));
  });

  it('answers unknown API paths with the JSON error model, not the web app', async () => {
    const response = await doppel.app.inject('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('answers malformed JSON with a validation error', async () => {
    const response = await doppel.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });

  it('publishes an OpenAPI 3.1 document of the private API', async () => {
    const doc = (await doppel.app.inject('/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/sign-in',
        '/api/auth/refresh',
        '/api/me',
        '/api/settings',
        '/api/demo',
      ]),
    );
    expect(
      doc.paths['/api/auth/sign-up'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['fullName', 'email', 'password']));
  });
});

describe('a worker process (ROLE=worker)', () => {
  it('answers its health checks and serves nothing else', async () => {
    const worker = await createTestApp({ config: { role: 'worker', webDistDir: webDist } });
    try {
      expect((await worker.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
      expect((await worker.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
      for (const url of ['/api/me', '/api/openapi.json', '/api/v1/openapi.json', '/auth', '/']) {
        expect((await worker.app.inject(url)).statusCode).toBe(404);
      }
    } finally {
      await worker.app.close();
    }
  });
});
