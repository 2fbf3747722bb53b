import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationStatus, PushKey, Task } from '@doppel/contracts';
import type { DoppelApp } from '../../app';
import { createTestApp, ManualClock, signedInUser } from '../../test-support/test-app';
import { announceUrgentTasks } from './index';

/*
 * Browser push against a push service on 127.0.0.1 that speaks the Web Push protocol's receiving
 * end: it checks the VAPID signature with the key the API hands browsers, and decrypts the
 * aes128gcm body with the private key of a "browser" the test makes (RFC 8291), as a real
 * browser would.
 */

interface PushRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A push service: records each POST and answers 201, or the status a path was given. */
async function startPushService() {
  const received: PushRequest[] = [];
  const statusOf = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = request.url ?? '/';
      received.push({ path: url, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statusOf.get(url) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** Requests to one subscription's endpoint. */
    to: (endpoint: string) => received.filter((request) => `${origin}${request.path}` === endpoint),
    answer: (endpoint: string, status: number) => statusOf.set(new URL(endpoint).pathname, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function newBrowser(origin: string) {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  const auth = randomBytes(16);
  const endpoint = `${origin}/push/${randomBytes(8).toString('hex')}`;
  return {
    endpoint,
    subscription: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    /** Decrypts an aes128gcm push body (RFC 8188 record, RFC 8291 keys) as the browser does. */
    decrypt(body: Buffer): unknown {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverKey = body.subarray(21, 21 + idLength);
      const cipherText = body.subarray(21 + idLength);
      const shared = keys.computeSecret(serverKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.getPublicKey(), serverKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const cek = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
      const padded = Buffer.concat([
        decipher.update(cipherText.subarray(0, cipherText.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 2, then zero padding.
      const end = padded.lastIndexOf(2);
      return JSON.parse(padded.subarray(0, end).toString('utf8'));
    },
  };
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): signed by that key, for this origin. */
function verifyVapid(authorization: string | undefined, publicKey: string, origin: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  expect(match, authorization).not.toBeNull();
  const [, jwt, key] = match!;
  expect(key).toBe(publicKey);
  const [header, payload, signature] = jwt!.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const verifier = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: verifier, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(signed).toBe(true);
  expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  expect(claims.aud).toBe(origin);
  expect(claims.sub).toBe('mailto:no-reply@doppel.local');
  expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
}

type User = Awaited<ReturnType<typeof signedInUser>>;

let doppel: DoppelApp;
let pushService: Awaited<ReturnType<typeof startPushService>>;
const clock = new ManualClock();

beforeAll(async () => {
  pushService = await startPushService();
  // The push service listens on 127.0.0.1, as a local install's would.
  doppel = await createTestApp({ clock, config: { fetchAllowPrivateAddresses: true } });
});
afterAll(async () => {
  await doppel.app.close();
  await pushService.close();
});

/** What /metrics says of push notifications sent and failed so far. */
async function pushSends(): Promise<{ sent: number; failed: number }> {
  const text = (await doppel.app.inject({ method: 'GET', url: '/metrics' })).body;
  const count = (outcome: string) =>
    Number(
      new RegExp(
        `^doppel_outbound_sends_total\\{[^}]*channel="push"[^}]*outcome="${outcome}"[^}]*\\} (\\d+)`,
        'm',
      ).exec(text)?.[1] ?? 0,
    );
  return { sent: count('sent'), failed: count('failed') };
}

const call = (user: User, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  doppel.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${user.accessToken}`, 'user-agent': 'Firefox/140.0' },
  });

async function createTask(user: User, title: string, priority: 'high' | 'medium' | 'low') {
  const response = await call(user, 'POST', '/api/tasks', { type: 'proactive_message', title, priority });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Task>();
}

/** A user with push on and one browser subscribed. */
async function subscribedUser() {
  const user = await signedInUser(doppel);
  const browser = newBrowser(pushService.origin);
  await call(user, 'PATCH', '/api/settings', { notifications: { push: true } });
  const subscribed = await call(user, 'POST', '/api/notifications/push/subscriptions', browser.subscription);
  expect(subscribed.statusCode, subscribed.body).toBe(200);
  return { user, browser };
}

describe('browser push', () => {
  it('hands browsers the same VAPID key every time, a P-256 point', async () => {
    const user = await signedInUser(doppel);
    const first = (await call(user, 'GET', '/api/notifications/push/key')).json<PushKey>();
    const again = await createTestApp({ config: { fetchAllowPrivateAddresses: true } });
    try {
      // Another process with the same SECRET_KEY derives the same pair: no storage needed.
      const second = (
        await again.app.inject({
          url: '/api/notifications/push/key',
          headers: { authorization: `Bearer ${user.accessToken}` },
        })
      ).json<PushKey>();
      expect(second.publicKey).toBe(first.publicKey);
    } finally {
      await again.app.close();
    }
    const point = Buffer.from(first.publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
  });

  it('stores a subscription and pushes a new urgent task to it once, signed and encrypted', async () => {
    const { user, browser } = await subscribedUser();
    const status = (await call(user, 'GET', '/api/notifications')).json<NotificationStatus>();
    expect(status.pushSubscriptions).toBe(1);
    const { publicKey } = (await call(user, 'GET', '/api/notifications/push/key')).json<PushKey>();

    await createTask(user, 'Follow up with a quiet lead', 'medium');
    const task = await createTask(user, 'Answer Anna before her board meeting', 'high');
    await announceUrgentTasks(doppel.ctx);

    const [request, ...more] = pushService.to(browser.endpoint);
    expect(more).toHaveLength(0);
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    expect(request!.headers['content-type']).toBe('application/octet-stream');
    expect(Number(request!.headers.ttl)).toBeGreaterThan(0);
    verifyVapid(request!.headers.authorization, publicKey, pushService.origin);
    expect(browser.decrypt(request!.body)).toEqual({
      title: 'Urgent task',
      body: 'Answer Anna before her board meeting',
      url: `/actions?task=${task.id}`,
      tag: `task-${task.id}`,
    });

    // The next sweeps find it announced.
    await announceUrgentTasks(doppel.ctx);
    await announceUrgentTasks(doppel.ctx);
    expect(pushService.to(browser.endpoint)).toHaveLength(1);
  });

  it('sends a test in the user’s language, and forgets a browser the push service says is gone', async () => {
    const { user, browser } = await subscribedUser();
    await call(user, 'PATCH', '/api/settings', { language: 'ru' });
    const before = await pushSends();
    const test = await call(user, 'POST', '/api/notifications/push/test');
    expect(test.json()).toEqual({ sent: 1, failed: 0 });
    expect(browser.decrypt(pushService.to(browser.endpoint)[0]!.body)).toMatchObject({
      title: 'Уведомления работают',
      body: 'Doppel будет показывать срочные задачи в этом браузере.',
    });

    pushService.answer(browser.endpoint, 410);
    expect((await call(user, 'POST', '/api/notifications/push/test')).json()).toEqual({ sent: 0, failed: 1 });
    // /metrics counts push beside the other outbound channels.
    expect(await pushSends()).toEqual({ sent: before.sent + 1, failed: before.failed + 1 });
    const status = (await call(user, 'GET', '/api/notifications')).json<NotificationStatus>();
    expect(status.pushSubscriptions).toBe(0);
  });

  it('sends nothing to a browser that unsubscribed, nor to users with push off', async () => {
    const { user, browser } = await subscribedUser();
    const removed = await call(user, 'DELETE', '/api/notifications/push/subscriptions', {
      endpoint: browser.endpoint,
    });
    expect(removed.statusCode).toBe(200);

    const off = await signedInUser(doppel);
    const offBrowser = newBrowser(pushService.origin);
    await call(off, 'POST', '/api/notifications/push/subscriptions', offBrowser.subscription);

    await createTask(user, 'Urgent, but unsubscribed', 'high');
    await createTask(off, 'Urgent, but push is off', 'high');
    await announceUrgentTasks(doppel.ctx);
    expect(pushService.to(browser.endpoint)).toHaveLength(0);
    expect(pushService.to(offBrowser.endpoint)).toHaveLength(0);
  });

  it('does not announce a task completed before the sweep, nor one older than a day', async () => {
    const { user, browser } = await subscribedUser();
    const done = await createTask(user, 'Handled already', 'high');
    await call(user, 'PATCH', `/api/tasks/${done.id}/status`, { status: 'completed' });
    await announceUrgentTasks(doppel.ctx);
    expect(pushService.to(browser.endpoint)).toHaveLength(0);

    // Workers were down for more than a day: the app shows it; a late push would only confuse.
    await createTask(user, 'Came in while no worker ran', 'high');
    clock.advance(25 * 60 * 60 * 1000);
    await announceUrgentTasks(doppel.ctx);
    expect(pushService.to(browser.endpoint)).toHaveLength(0);
  });

  it('refuses a malformed subscription and changes nothing', async () => {
    const user = await signedInUser(doppel);
    const { subscription } = newBrowser(pushService.origin);
    for (const payload of [
      { ...subscription, keys: { ...subscription.keys, p256dh: 'not base64!' } },
      // Base64url, but no point on P-256, or a secret that is not 16 bytes: nothing could be sent.
      { ...subscription, keys: { ...subscription.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } },
      { ...subscription, keys: { ...subscription.keys, auth: randomBytes(18).toString('base64url') } },
      { ...subscription, endpoint: 'not a url' },
      { endpoint: subscription.endpoint },
    ]) {
      const response = await call(user, 'POST', '/api/notifications/push/subscriptions', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    const status = (await call(user, 'GET', '/api/notifications')).json<NotificationStatus>();
    expect(status.pushSubscriptions).toBe(0);
  });
});

describe('push endpoints on private addresses', () => {
  let strict: DoppelApp;
  beforeAll(async () => {
    strict = await createTestApp({ config: { fetchAllowPrivateAddresses: false } });
  });
  afterAll(async () => {
    await strict.app.close();
  });

  it('refuses endpoints inside the server’s networks, or not https, and stores none', async () => {
    const user = await signedInUser(strict);
    const { keys } = newBrowser(pushService.origin).subscription;
    for (const endpoint of [
      `${pushService.origin}/push/local`,
      'https://127.0.0.1/push/loopback',
      'https://10.1.2.3/push/private',
      'https://192.168.0.10/push/home',
      'https://[::1]/push/v6',
      'https://localhost/push/name',
      'ftp://push.example.com/push/other',
      'https://user:secret@push.example.com/push/credentials',
    ]) {
      const response = await strict.app.inject({
        method: 'POST',
        url: '/api/notifications/push/subscriptions',
        headers: { authorization: `Bearer ${user.accessToken}` },
        payload: { endpoint, keys },
      });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().error.code, endpoint).toBe('push_endpoint_refused');
    }
    const status = await strict.app.inject({
      url: '/api/notifications',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(status.json<NotificationStatus>().pushSubscriptions).toBe(0);
  });

  it('allows plain http only on this machine, even when private addresses are allowed', async () => {
    const user = await signedInUser(doppel);
    const { keys } = newBrowser(pushService.origin).subscription;
    const response = await call(user, 'POST', '/api/notifications/push/subscriptions', {
      endpoint: 'http://10.1.2.3/push/plain',
      keys,
    });
    expect(response.json().error.code).toBe('push_endpoint_refused');
  });
});

describe('the service worker file', () => {
  it('is served as JavaScript that is checked for updates, not cached for a year', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'doppel-sw-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.copyFileSync(new URL('../../../../web/public/sw.js', import.meta.url), path.join(webDist, 'sw.js'));
    const served = await createTestApp({ config: { webDistDir: webDist } });
    try {
      const response = await served.app.inject('/sw.js');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain("addEventListener('push'");
    } finally {
      await served.app.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});
