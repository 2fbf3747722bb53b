import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { createTestApp, signedInUser } from '../../test-support/test-app';

let doppel: DoppelApp;
beforeAll(async () => {
  doppel = await createTestApp();
});
afterAll(async () => {
  await doppel.app.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;
const list = (user: User, query = '') =>
  doppel.app.inject({
    method: 'GET',
    url: `/api/contacts${query}`,
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
const names = (body: { items: Array<{ name: string }> }) => body.items.map((contact) => contact.name);

async function addContacts(user: User, rows: Array<{ name: string; company?: string | null }>) {
  await doppel.ctx.db.insert(contacts).values(
    rows.map((row) => ({
      userId: user.userId,
      name: row.name,
      company: row.company ?? null,
      source: 'email' as const,
      language: 'en',
    })),
  );
}

describe('GET /api/contacts', () => {
  it('lists only the user’s own contacts, alphabetically regardless of case', async () => {
    const owner = await signedInUser(doppel);
    const stranger = await signedInUser(doppel);
    await addContacts(owner, [
      { name: 'zoe Walker', company: 'Zenith' },
      { name: 'Anna Schneider', company: 'Nordlicht Ventures' },
      { name: 'bruno Costa' },
    ]);
    await addContacts(stranger, [{ name: 'Aaron Stranger', company: 'Nordlicht Ventures' }]);

    const response = await list(owner);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(names(body)).toEqual(['Anna Schneider', 'bruno Costa', 'zoe Walker']);
    expect(body.items[0]).toEqual({
      id: expect.any(String),
      name: 'Anna Schneider',
      company: 'Nordlicht Ventures',
      language: 'en',
      source: 'email',
      handle: null,
      channels: [{ source: 'email', handle: null }],
      persona: null,
      lastContactAt: null,
      openTasks: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    // The stranger's contact matches the search too, yet never shows up for the owner.
    expect(names((await list(owner, '?q=nordlicht')).json())).toEqual(['Anna Schneider']);
    expect(names((await list(stranger)).json())).toEqual(['Aaron Stranger']);
  });

  it('finds the words a name or company starts with, in any case, taking % and _ literally', async () => {
    const user = await signedInUser(doppel);
    await addContacts(user, [
      { name: 'Claire Dubois', company: 'Atelier Numérique' },
      { name: 'Mark Thompson', company: 'Brightline Capital' },
      { name: 'Lucía García', company: '100% Growth' },
      { name: 'snake_case Sam' },
    ]);
    expect(names((await list(user, '?q=CLAIRE')).json())).toEqual(['Claire Dubois']);
    expect(names((await list(user, '?q=capital')).json())).toEqual(['Mark Thompson']);
    // Surrounding spaces are trimmed; each word starts a word of the name or company.
    expect(names((await list(user, '?q=%20%20gar%20')).json())).toEqual(['Lucía García']);
    expect(names((await list(user, '?q=mark%20thom')).json())).toEqual(['Mark Thompson']);
    expect(names((await list(user, '?q=ar')).json())).toEqual([]);
    expect(names((await list(user, '?q=num%C3%A9')).json())).toEqual(['Claire Dubois']);
    expect(names((await list(user, `?q=${encodeURIComponent('%')}`)).json())).toEqual(['Lucía García']);
    expect(names((await list(user, '?q=_')).json())).toEqual(['snake_case Sam']);
    expect(names((await list(user, '?q=nobody')).json())).toEqual([]);
  });

  it('returns at most `limit` contacts', async () => {
    const user = await signedInUser(doppel);
    await addContacts(user, [{ name: 'C' }, { name: 'A' }, { name: 'B' }]);
    expect(names((await list(user, '?limit=2')).json())).toEqual(['A', 'B']);
  });

  it('rejects a limit outside 1–100 and unknown parameters', async () => {
    const user = await signedInUser(doppel);
    for (const query of ['?limit=101', '?limit=0', '?limit=ten', '?sort=name']) {
      const response = await list(user, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code, query).toBe('validation_failed');
    }
  });

  it('answers 401 without a signed-in user', async () => {
    const response = await doppel.app.inject({ method: 'GET', url: '/api/contacts' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
  });
});
