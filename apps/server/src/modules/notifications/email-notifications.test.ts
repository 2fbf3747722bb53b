import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@doppel/contracts';
import { and, desc, emailOutbox, eq, inArray } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { createTestApp, ManualClock, signedInUser } from '../../test-support/test-app';
import { announceUrgentTasks, sendDailyDigests } from './index';

/*
 * Urgent tasks by email, through the app's own outbound mail (the outbox and its delivery job):
 * each at once (`instant`), or one digest a day (`daily`, the default).
 */

type User = Awaited<ReturnType<typeof signedInUser>>;

const HOUR = 60 * 60 * 1000;
const clock = new ManualClock();
let doppel: DoppelApp;

beforeAll(async () => {
  doppel = await createTestApp({ clock });
});
afterAll(async () => {
  await doppel.app.close();
});

const call = (user: User, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  doppel.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });

async function createTask(user: User, title: string, priority: 'high' | 'medium' | 'low') {
  const response = await call(user, 'POST', '/api/tasks', { type: 'proactive_message', title, priority });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Task>();
}

/** A new access token: the clock moves on by hours here, past the last one's expiry. */
async function signInAgain(user: User): Promise<User> {
  const response = await doppel.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: user.ip,
    payload: { email: user.email, password: user.password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...user, accessToken: response.json<{ accessToken: string }>().accessToken };
}

/** The notification emails the user got, oldest first (account emails left out). */
async function notificationEmails(user: User) {
  return doppel.ctx.db
    .select()
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.toAddress, user.email),
        inArray(emailOutbox.kind, ['urgent_task', 'urgent_tasks_digest']),
      ),
    )
    .orderBy(desc(emailOutbox.createdAt))
    .then((rows) => rows.reverse());
}

describe('instant emails', () => {
  it('emails each new urgent task once, in the user’s language, with a link that opens it', async () => {
    const user = await signedInUser(doppel);
    await call(user, 'PATCH', '/api/settings', {
      language: 'de',
      notifications: { email: true, emailDigest: 'instant' },
    });
    await createTask(user, 'Newsletter draft', 'low');
    const task = await createTask(user, 'Angebot an Acme heute bestätigen', 'high');
    await announceUrgentTasks(doppel.ctx);
    await announceUrgentTasks(doppel.ctx);

    const emails = await notificationEmails(user);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      kind: 'urgent_task',
      subject: 'Dringende Aufgabe: Angebot an Acme heute bestätigen',
    });
    expect(emails[0]!.textBody).toContain('In Doppel wartet eine neue dringende Aufgabe auf dich:');
    expect(emails[0]!.textBody).toContain(`http://doppel.test/actions?task=${task.id}`);

    // The next one is its own email.
    const next = await createTask(user, 'Rückruf bei Jonas', 'high');
    await announceUrgentTasks(doppel.ctx);
    const after = await notificationEmails(user);
    expect(after).toHaveLength(2);
    expect(after[1]!.textBody).toContain(`http://doppel.test/actions?task=${next.id}`);
  });

  it('sends nothing when email notifications are off, or the digest is chosen', async () => {
    const off = await signedInUser(doppel);
    await call(off, 'PATCH', '/api/settings', { notifications: { email: false, emailDigest: 'instant' } });
    const daily = await signedInUser(doppel);
    await createTask(off, 'Urgent, email off', 'high');
    await createTask(daily, 'Urgent, digest user', 'high');
    await announceUrgentTasks(doppel.ctx);
    expect(await notificationEmails(off)).toHaveLength(0);
    expect(await notificationEmails(daily)).toHaveLength(0);
  });

  it('sends a demo sandbox nothing', async () => {
    const demo = await doppel.app.inject({ method: 'POST', url: '/api/demo', payload: {} });
    expect(demo.statusCode, demo.body).toBe(200);
    const session = demo.json<{ accessToken: string; user: { id: string; email: string } }>();
    const asDemo = { accessToken: session.accessToken, email: session.user.email } as User;
    await call(asDemo, 'PATCH', '/api/settings', { notifications: { email: true, emailDigest: 'instant' } });
    await createTask(asDemo, 'Demo urgent task', 'high');
    await announceUrgentTasks(doppel.ctx);
    expect(await notificationEmails(asDemo)).toHaveLength(0);
  });
});

describe('the daily digest', () => {
  it('mails once a day the urgent tasks that came in since the last digest, and nothing on a quiet day', async () => {
    let user = await signedInUser(doppel);
    // The sweep first sees the user: their digest day starts now.
    await sendDailyDigests(doppel.ctx);
    expect(await notificationEmails(user)).toHaveLength(0);

    clock.advance(HOUR);
    user = await signInAgain(user);
    const first = await createTask(user, 'Reply to the investor', 'high');
    const second = await createTask(user, 'Confirm the demo slot', 'high');
    await createTask(user, 'Share the blog post', 'low');
    const done = await createTask(user, 'Handled the same hour', 'high');
    await call(user, 'PATCH', `/api/tasks/${done.id}/status`, { status: 'completed' });

    // Not a day yet.
    clock.advance(5 * HOUR);
    await sendDailyDigests(doppel.ctx);
    expect(await notificationEmails(user)).toHaveLength(0);

    clock.advance(18 * HOUR);
    await sendDailyDigests(doppel.ctx);
    await sendDailyDigests(doppel.ctx);
    const [digest, ...more] = await notificationEmails(user);
    expect(more).toHaveLength(0);
    expect(digest).toMatchObject({
      kind: 'urgent_tasks_digest',
      subject: 'Your Doppel digest: 2 urgent tasks',
    });
    expect(digest!.textBody).toContain('Reply to the investor');
    expect(digest!.textBody).toContain(`http://doppel.test/actions?task=${first.id}`);
    expect(digest!.textBody).toContain(`http://doppel.test/actions?task=${second.id}`);
    expect(digest!.textBody).not.toContain('Share the blog post');
    expect(digest!.textBody).not.toContain('Handled the same hour');

    // A quiet day: no email.
    clock.advance(24 * HOUR);
    await sendDailyDigests(doppel.ctx);
    expect(await notificationEmails(user)).toHaveLength(1);

    // The next day's digest has only the new task, at the same time of day.
    clock.advance(2 * HOUR);
    user = await signInAgain(user);
    await createTask(user, 'Call the new lead', 'high');
    clock.advance(20 * HOUR);
    await sendDailyDigests(doppel.ctx);
    expect(await notificationEmails(user)).toHaveLength(1);
    clock.advance(2 * HOUR);
    await sendDailyDigests(doppel.ctx);
    const emails = await notificationEmails(user);
    expect(emails).toHaveLength(2);
    expect(emails[1]!.subject).toBe('Your Doppel digest: 1 urgent task');
    expect(emails[1]!.textBody).toContain('Call the new lead');
    expect(emails[1]!.textBody).not.toContain('Reply to the investor');
  });
});
