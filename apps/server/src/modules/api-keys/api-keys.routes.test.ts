import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, type ApiKey, type CreatedApiKey } from '@doppel/contracts';
import { apiKeys, eq } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { createTestApp, ManualClock, signedInUser, uniqueIp } from '../../test-support/test-app';
import { generateApiKey, hashApiKey } from './api-keys';

const clock = new ManualClock();
let doppel: DoppelApp;
beforeAll(async () => {
  doppel = await createTestApp({ clock });
});
afterAll(async () => {
  await doppel.app.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;
const call = (user: User, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  doppel.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });
const withKey = (key: string, url = '/api/v1/me') =>
  doppel.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

async function create(user: User, body: object) {
  const response = await call(user, 'POST', '/api/keys', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedApiKey>();
}

describe('API keys', () => {
  it('are a 4-character prefix and 32 random alphanumerics', () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(API_KEY_PATTERN);
  });

  it('show the full key once, keep only its SHA-256, and default to reading contacts', async () => {
    const user = await signedInUser(doppel);
    const created = await create(user, { name: 'Zapier' });
    expect(created.fullKey).toMatch(API_KEY_PATTERN);
    expect(created).toMatchObject({
      name: 'Zapier',
      service: 'doppel_api',
      keyPreview: `••••${created.fullKey.slice(-4)}`,
      isActive: true,
      permissions: [{ resource: 'contacts', actions: ['read'] }],
      rateLimit: { requestsPerMinute: 100, requestsPerDay: 10_000 },
      usageCount: 0,
      lastUsedAt: null,
      expiresAt: null,
    });
    const [row] = await doppel.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toBe(hashApiKey(created.fullKey));
    expect(JSON.stringify(row)).not.toContain(created.fullKey);
    const list = (await call(user, 'GET', '/api/keys')).json<{ items: ApiKey[] }>();
    expect(list.items).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(created.fullKey);
    expect(list.items[0]).not.toHaveProperty('fullKey');
  });

  it('refuse a blank name, unknown permissions and a past expiry, and write nothing', async () => {
    const user = await signedInUser(doppel);
    const blank = await call(user, 'POST', '/api/keys', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toEqual({ name: 'keyNameRequired' });
    const unknown = await call(user, 'POST', '/api/keys', {
      name: 'x',
      permissions: [{ resource: 'billing', actions: ['read'] }],
    });
    expect(unknown.statusCode).toBe(400);
    const past = await call(user, 'POST', '/api/keys', {
      name: 'x',
      expiresAt: new Date(clock.now().getTime() - 1000).toISOString(),
    });
    expect(past.json().error.fields).toEqual({ expiresAt: 'expiresInPast' });
    expect((await call(user, 'GET', '/api/keys')).json().items).toEqual([]);
  });

  it('open the public API until revoked or expired, counting their use', async () => {
    const user = await signedInUser(doppel);
    const key = await create(user, {
      name: 'Script',
      permissions: [
        { resource: 'knowledge_base', actions: ['read', 'write'] },
        { resource: 'knowledge_base', actions: ['read'] },
      ],
      expiresAt: new Date(clock.now().getTime() + 3_600_000).toISOString(),
    });
    const me = await withKey(key.fullKey);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      keyId: key.id,
      name: 'Script',
      permissions: [{ resource: 'knowledge_base', actions: ['read', 'write'] }],
      rateLimit: { requestsPerMinute: 100, requestsPerDay: 10_000 },
    });
    expect(me.headers['ratelimit-policy']).toBe('100;w=60, 10000;w=86400');
    expect(me.headers.ratelimit).toMatch(/^limit=100, remaining=99, reset=\d+$/);
    const listed = (await call(user, 'GET', '/api/keys')).json<{ items: ApiKey[] }>().items[0]!;
    expect(listed.usageCount).toBe(1);
    expect(listed.lastUsedAt).toBe(clock.now().toISOString());

    clock.advance(3_600_000);
    expect((await withKey(key.fullKey)).statusCode).toBe(401);
    clock.advance(-3_600_000);
    expect((await call(user, 'PATCH', `/api/keys/${key.id}`, { isActive: false })).json().isActive).toBe(
      false,
    );
    const revoked = await withKey(key.fullKey);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error.message).toBe('The API key is missing, unknown, revoked or expired.');
    expect((await withKey('dpl_' + 'A'.repeat(32))).statusCode).toBe(401);
    expect((await withKey('not-a-key')).statusCode).toBe(401);
    expect((await doppel.app.inject({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
  });

  it('answer 429 with Retry-After once a limit is used up, and again in the next window', async () => {
    const user = await signedInUser(doppel);
    const key = await create(user, {
      name: 'Tight',
      rateLimit: { requestsPerMinute: 2, requestsPerDay: 100 },
    });
    expect((await withKey(key.fullKey)).statusCode).toBe(200);
    expect((await withKey(key.fullKey)).headers.ratelimit).toMatch(/^limit=2, remaining=0,/);
    const limited = await withKey(key.fullKey);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    clock.advance(61_000);
    expect((await withKey(key.fullKey)).statusCode).toBe(200);
  });

  it('belong to their owner: other users cannot see, revoke or delete them; demo sandboxes cannot create one', async () => {
    const [owner, stranger] = [await signedInUser(doppel), await signedInUser(doppel)];
    const key = await create(owner, { name: 'Mine' });
    expect((await call(stranger, 'GET', '/api/keys')).json().items).toEqual([]);
    expect((await call(stranger, 'PATCH', `/api/keys/${key.id}`, { isActive: false })).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', `/api/keys/${key.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/api/keys/${key.id}`)).statusCode).toBe(200);
    expect((await withKey(key.fullKey)).statusCode).toBe(401);

    const demo = await doppel.app.inject({ method: 'POST', url: '/api/demo', remoteAddress: uniqueIp() });
    const token = demo.json<{ accessToken: string }>().accessToken;
    const headers = { authorization: `Bearer ${token}` };
    const refused = await doppel.app.inject({
      method: 'POST',
      url: '/api/keys',
      payload: { name: 'x' },
      headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});
