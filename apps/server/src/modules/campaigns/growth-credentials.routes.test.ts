import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, growthCredentials } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { createTestApp, ManualClock, signedInUser } from '../../test-support/test-app';
import { credentialHint, readGrowthCredential } from './growth-credentials';

const clock = new ManualClock();
let doppel: DoppelApp;
beforeAll(async () => {
  doppel = await createTestApp({ clock });
});
afterAll(async () => {
  await doppel.app.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;
const call = (user: User, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  doppel.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });

const APOLLO_KEY = 'apollo-live-key-1234abcd';

async function rowOf(userId: string, provider: 'apollo' | 'hunter') {
  const [row] = await doppel.ctx.db
    .select()
    .from(growthCredentials)
    .where(and(eq(growthCredentials.userId, userId), eq(growthCredentials.provider, provider)));
  return row;
}

describe('growth credentials', () => {
  it('masks all but the last 4 characters, and all of a short key', () => {
    expect(credentialHint('abcdefghijkl')).toBe('••••ijkl');
    expect(credentialHint('abcdefgh')).toBe('••••');
  });

  it('are saved sealed, shown only as a hint, and read back for the runs', async () => {
    const user = await signedInUser(doppel);
    const saved = await call(user, 'PUT', '/api/growth/credentials/apollo', { apiKey: `  ${APOLLO_KEY} ` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      provider: 'apollo',
      hint: '••••abcd',
      updatedAt: clock.now().toISOString(),
    });

    const list = await call(user, 'GET', '/api/growth/credentials');
    expect(list.json()).toEqual([saved.json()]);
    expect(list.body).not.toContain(APOLLO_KEY);

    const row = await rowOf(user.userId, 'apollo');
    expect(JSON.stringify(row)).not.toContain(APOLLO_KEY);
    expect(row!.secret).toMatch(/^v1\./);
    expect(await readGrowthCredential(doppel.ctx, user.userId, 'apollo')).toBe(APOLLO_KEY);
    expect(await readGrowthCredential(doppel.ctx, user.userId, 'hunter')).toBeNull();
    // Sealed for its own row: the same envelope under another id does not open.
    expect(() => doppel.ctx.secrets.decryptSecret(row!.secret, crypto.randomUUID())).toThrow();
  });

  it('replace the previous key of the provider', async () => {
    const user = await signedInUser(doppel);
    await call(user, 'PUT', '/api/growth/credentials/hunter', { apiKey: 'first-key-0001' });
    const before = await rowOf(user.userId, 'hunter');
    clock.advance(1000);
    const replaced = await call(user, 'PUT', '/api/growth/credentials/hunter', { apiKey: 'second-key-0002' });
    expect(replaced.json()).toMatchObject({ provider: 'hunter', hint: '••••0002' });
    const after = await rowOf(user.userId, 'hunter');
    expect(after!.id).toBe(before!.id);
    expect(await readGrowthCredential(doppel.ctx, user.userId, 'hunter')).toBe('second-key-0002');
    expect((await call(user, 'GET', '/api/growth/credentials')).json()).toHaveLength(1);
  });

  it('are removed, and removing twice is not found', async () => {
    const user = await signedInUser(doppel);
    await call(user, 'PUT', '/api/growth/credentials/apollo', { apiKey: APOLLO_KEY });
    const removed = await call(user, 'DELETE', '/api/growth/credentials/apollo');
    expect(removed.json()).toEqual({ ok: true });
    expect(await readGrowthCredential(doppel.ctx, user.userId, 'apollo')).toBeNull();
    expect((await call(user, 'GET', '/api/growth/credentials')).json()).toEqual([]);
    expect((await call(user, 'DELETE', '/api/growth/credentials/apollo')).statusCode).toBe(404);
  });

  it('refuse unknown providers, short keys and extra fields', async () => {
    const user = await signedInUser(doppel);
    expect(
      (await call(user, 'PUT', '/api/growth/credentials/stripe', { apiKey: APOLLO_KEY })).statusCode,
    ).toBe(400);
    const short = await call(user, 'PUT', '/api/growth/credentials/apollo', { apiKey: 'short' });
    expect(short.json().error.fields).toEqual({ apiKey: 'apiKeyTooShort' });
    expect(
      (await call(user, 'PUT', '/api/growth/credentials/apollo', { apiKey: APOLLO_KEY, userId: 'x' }))
        .statusCode,
    ).toBe(400);
    expect((await call(user, 'GET', '/api/growth/credentials')).json()).toEqual([]);
  });

  it('belong to their user only', async () => {
    const owner = await signedInUser(doppel);
    const stranger = await signedInUser(doppel);
    await call(owner, 'PUT', '/api/growth/credentials/apollo', { apiKey: APOLLO_KEY });
    expect((await call(stranger, 'GET', '/api/growth/credentials')).json()).toEqual([]);
    expect((await call(stranger, 'DELETE', '/api/growth/credentials/apollo')).statusCode).toBe(404);
    expect(await readGrowthCredential(doppel.ctx, stranger.userId, 'apollo')).toBeNull();
    expect(await readGrowthCredential(doppel.ctx, owner.userId, 'apollo')).toBe(APOLLO_KEY);
  });

  it('cannot be saved in a demo sandbox', async () => {
    const demo = await doppel.app.inject({ method: 'POST', url: '/api/demo', remoteAddress: '10.78.1.2' });
    const { accessToken, user } = demo.json<{ accessToken: string; user: { id: string } }>();
    const refused = await doppel.app.inject({
      method: 'PUT',
      url: '/api/growth/credentials/apollo',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { apiKey: APOLLO_KEY },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('demo_restricted');
    expect(await rowOf(user.id, 'apollo')).toBeUndefined();
  });
});
