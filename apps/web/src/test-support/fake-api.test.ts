import { routes } from '@doppel/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, errorReply, fakeRoute, routeKey } from './fake-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fake API by route', () => {
  it('names routes through the table', () => {
    expect(routeKey(routes.tasks.get)).toBe('GET /api/tasks/:id');
    expect(routeKey(routes.campaigns.deleteLead, { id: 'c 1', leadId: 'l1' })).toBe(
      'DELETE /api/campaigns/c%201/leads/l1',
    );
  });

  it('answers every path of a route faked by its pattern, with the params read from the path', async () => {
    const fake = createFakeApi({
      ...fakeRoute(routes.tasks.counts, errorReply(500, 'internal')),
      ...fakeRoute(routes.tasks.get, ({ params }) => errorReply(404, 'not_found', `no task ${params.id}`)),
    });
    fake.install();

    const answer = await fetch('/api/tasks/a%20b');
    expect(await answer.json()).toEqual({ error: { code: 'not_found', message: 'no task a b' } });
    // A route of its own is not taken for the pattern's.
    expect((await fetch('/api/tasks/counts')).status).toBe(500);
    expect(fake.callsTo(routes.tasks.get)).toHaveLength(1);
    expect(fake.callsTo(routes.tasks.get, { id: 'a b' })).toHaveLength(1);
    expect(fake.callsTo(routes.tasks.get, { id: 'other' })).toHaveLength(0);
  });

  it('answers only the given path of a route faked with params', async () => {
    const fake = createFakeApi({ ...fakeRoute(routes.personas.get, { id: 'p1' }, { status: 204 }) });
    fake.install();

    expect((await fetch('/api/personas/p1')).status).toBe(204);
    expect((await fetch('/api/personas/p2')).status).toBe(404);
  });
});
