import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoppelApp } from '../../app';
import { sessions, sql } from '@doppel/db';
import { openEventStream } from '../../test-support/event-stream';
import { createTestApp, signedInUser } from '../../test-support/test-app';

let doppel: DoppelApp;
let baseUrl: string;
beforeAll(async () => {
  doppel = await createTestApp();
  baseUrl = await doppel.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await doppel.app.close();
});

const openStream = (accessToken: string) => openEventStream(baseUrl, accessToken);

/** A second session of the same user (another browser). */
async function signInAgain(user: { email: string; password: string; ip: string }): Promise<string> {
  const response = await doppel.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: user.ip,
    payload: { email: user.email, password: user.password },
  });
  return response.json<{ accessToken: string }>().accessToken;
}

async function createTask(accessToken: string): Promise<string> {
  const created = await doppel.app.inject({
    method: 'POST',
    url: '/api/tasks',
    headers: { authorization: `Bearer ${accessToken}` },
    payload: { title: 'Live', type: 'message_reply' },
  });
  return created.json<{ id: string }>().id;
}

/** Fails unless `promise` settles within `ms`. */
async function within(ms: number, promise: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function until(check: () => boolean) {
  for (let attempt = 0; attempt < 100 && !check(); attempt++) await new Promise((r) => setTimeout(r, 20));
}

describe('live updates', () => {
  it('streams task changes to every open tab of the user and to no one else', async () => {
    const user = await signedInUser(doppel);
    const stranger = await signedInUser(doppel);
    const firstTab = await openStream(user.accessToken);
    const secondTab = await openStream(user.accessToken);
    const strangerTab = await openStream(stranger.accessToken);
    try {
      expect(firstTab.response.headers.get('content-type')).toContain('text/event-stream');
      const headers = { authorization: `Bearer ${user.accessToken}` };
      const created = await doppel.app.inject({
        method: 'POST',
        url: '/api/tasks',
        headers,
        payload: { title: 'Live', type: 'message_reply' },
      });
      const taskId = created.json().id as string;
      await doppel.app.inject({
        method: 'PATCH',
        url: `/api/tasks/${taskId}/status`,
        headers,
        payload: { status: 'completed' },
      });
      await doppel.app.inject({ method: 'DELETE', url: `/api/tasks/${taskId}`, headers });

      const expected = [
        { event: 'task.created', data: { type: 'task.created', taskId } },
        { event: 'task.updated', data: { type: 'task.updated', taskId } },
        { event: 'task.deleted', data: { type: 'task.deleted', taskId } },
      ];
      await until(() => firstTab.received.length >= 3 && secondTab.received.length >= 3);
      expect(firstTab.received).toEqual(expected);
      expect(secondTab.received).toEqual(expected);
      expect(strangerTab.received).toEqual([]);
    } finally {
      await Promise.all([firstTab.close(), secondTab.close(), strangerTab.close()]);
    }
  });

  it('ends the stream of a session that signs out; the same user’s other session keeps its stream', async () => {
    const user = await signedInUser(doppel);
    const other = await signInAgain(user);
    const signedOutTab = await openStream(user.accessToken);
    const otherTab = await openStream(other);
    try {
      let ended = false;
      void signedOutTab.ended.then(() => (ended = true));
      const signOut = await doppel.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      expect(signOut.statusCode).toBe(200);
      await within(2_000, signedOutTab.ended);
      expect(ended).toBe(true);

      // The other session's stream is still open and still delivers.
      const created = await createTask(other);
      await until(() => otherTab.received.length >= 1);
      expect(otherTab.received).toEqual([
        { event: 'task.created', data: { type: 'task.created', taskId: created } },
      ]);
    } finally {
      await Promise.all([signedOutTab.close(), otherTab.close()]);
    }
  });

  it('ends the stream when its session, cut short, runs out', async () => {
    const user = await signedInUser(doppel);
    const tab = await openStream(user.accessToken);
    try {
      // An operator (or a password change elsewhere) cuts the session short: it ends in 300 ms.
      await doppel.ctx.db
        .update(sessions)
        .set({ expiresAt: sql`now() + interval '300 milliseconds'` })
        .where(sql`${sessions.userId} = ${user.userId}`);
      await within(3_000, tab.ended);
    } finally {
      await tab.close();
    }
  });

  it('needs a session', async () => {
    const response = await fetch(`${baseUrl}/events`);
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { code: string } };
    expect(body.error.code).toBe('unauthorized');
  });
});
