import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { createTestApp, signedInUser, testConfig, testDatabase } from '../../test-support/test-app';
import { startFakeTelegram, type FakeTelegram } from '../../test-support/fake-messengers/telegram';
import { sendContactMessage } from '../messengers';

const TOKEN = 'metrics-scraper-token-0123456789';
const TELEGRAM_TOKEN = '515151:METRICStestTOKENabcdef';

let doppel: DoppelApp;
let guarded: DoppelApp;
let telegram: FakeTelegram;

beforeAll(async () => {
  telegram = await startFakeTelegram();
  telegram.addBot(TELEGRAM_TOKEN, 'doppel_metrics_bot');
  doppel = await createTestApp({
    config: {
      messengerApiUrls: { ...testConfig().messengerApiUrls, telegram: telegram.baseUrl },
      messengerRetry: { maxRetries: 0, baseDelayMs: 10, maxDelayMs: 100 },
    },
  });
  guarded = await createTestApp({ config: { metricsToken: TOKEN } });
});
afterAll(async () => {
  await Promise.all([doppel.app.close(), guarded.app.close()]);
  await telegram.close();
});

/** The value of one sample in Prometheus text, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const labelText = line.slice(name.length + 1, line.indexOf('}'));
    const present = labelText.split(',');
    if (wanted.every((pair) => present.includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

async function scrape(app: DoppelApp = doppel): Promise<string> {
  const response = await app.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  return response.body;
}

describe('/metrics', () => {
  it('reports HTTP latency per route pattern, never per raw URL', async () => {
    const user = await signedInUser(doppel);
    const auth = { authorization: `Bearer ${user.accessToken}` };
    for (const id of [randomUUID(), randomUUID()]) {
      const response = await doppel.app.inject({ method: 'GET', url: `/api/tasks/${id}`, headers: auth });
      expect(response.statusCode).toBe(404);
    }
    const text = await scrape();
    const count = sample(text, 'doppel_http_request_duration_seconds_count', {
      method: 'GET',
      route: '/api/tasks/:id',
      status_code: '404',
    });
    expect(count).toBeGreaterThanOrEqual(2);
    expect(text).not.toMatch(/route="\/api\/tasks\/[0-9a-f]{8}-/);
    expect(text).toContain('doppel_http_request_duration_seconds_bucket{le="0.005",method="GET"');
  });

  it('reports the job queue by kind and status, and how long the oldest due job has waited', async () => {
    const user = await signedInUser(doppel);
    const waiting = `metrics-waiting-${randomUUID()}`;
    const failing = `metrics-failing-${randomUUID()}`;
    doppel.ctx.jobs.register({
      kind: failing,
      maxAttempts: 1,
      run: async () => {
        throw new Error('always fails');
      },
    });
    const minuteAgo = new Date(doppel.ctx.clock.now().getTime() - 60_000);
    await doppel.ctx.jobs.enqueue(doppel.ctx.db, waiting, { userId: user.userId }, { runAt: minuteAgo });
    await doppel.ctx.jobs.enqueue(doppel.ctx.db, waiting, { userId: user.userId });
    await doppel.ctx.jobs.enqueue(doppel.ctx.db, failing, { userId: user.userId });
    await doppel.ctx.jobs.runDue({ userId: user.userId });

    const text = await scrape();
    expect(sample(text, 'doppel_jobs', { kind: waiting, status: 'queued' })).toBe(2);
    expect(sample(text, 'doppel_jobs', { kind: failing, status: 'failed' })).toBe(1);
    expect(sample(text, 'doppel_job_queue_oldest_age_seconds', { kind: waiting })).toBeGreaterThanOrEqual(59);
  });

  it('counts outbound sends by channel and outcome', async () => {
    const user = await signedInUser(doppel);
    const connected = await doppel.app.inject({
      method: 'POST',
      url: '/api/messengers',
      headers: { authorization: `Bearer ${user.accessToken}` },
      payload: { platform: 'telegram', credentials: { bot_token: TELEGRAM_TOKEN } },
    });
    expect(connected.statusCode, connected.body).toBe(201);
    const [contact] = await doppel.ctx.db
      .insert(contacts)
      .values({ userId: user.userId, name: 'Ada', source: 'telegram', handle: '555001', language: 'en' })
      .returning();
    const counted = async () => {
      const text = await scrape();
      return {
        sent: sample(text, 'doppel_outbound_sends_total', { channel: 'telegram', outcome: 'sent' }) ?? 0,
        failed: sample(text, 'doppel_outbound_sends_total', { channel: 'telegram', outcome: 'failed' }) ?? 0,
        // Sign-up's verification email, kept in the outbox: no SMTP server in tests.
        kept: sample(text, 'doppel_outbound_sends_total', { channel: 'email', outcome: 'kept' }) ?? 0,
      };
    };
    const before = await counted();
    expect(before.kept).toBeGreaterThanOrEqual(1);

    await sendContactMessage(doppel.ctx, user.userId, contact!.id, { text: 'Hello' });
    telegram.failNext('sendMessage', 403);
    await expect(sendContactMessage(doppel.ctx, user.userId, contact!.id, { text: 'Blocked' })).rejects.toThrow();

    const after = await counted();
    expect(after.sent - before.sent).toBe(1);
    expect(after.failed - before.failed).toBe(1);
  });

  it('reports the database pool on PostgreSQL, and no pool on PGlite', async () => {
    const database = await testDatabase();
    const text = await scrape();
    const total = sample(text, 'doppel_db_pool_connections', { state: 'total' });
    if (database.kind === 'postgres') expect(total).toBeGreaterThanOrEqual(1);
    else expect(total).toBeUndefined();
  });
});

describe('who may read /metrics', () => {
  it('without METRICS_TOKEN: only a direct connection from this machine', async () => {
    expect((await doppel.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    const remote = await doppel.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    // A reverse proxy on this machine forwarding an outside request.
    const proxied = await doppel.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(404);
    expect(proxied.body).not.toContain('doppel_');
  });

  it('with METRICS_TOKEN: whoever sends it as a Bearer token, from anywhere', async () => {
    const from = (headers: Record<string, string>) =>
      guarded.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers });
    expect((await from({})).statusCode).toBe(404);
    expect((await from({ authorization: 'Bearer wrong-token-wrong-token-123' })).statusCode).toBe(404);
    expect((await guarded.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const allowed = await from({ authorization: `Bearer ${TOKEN}` });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('# TYPE doppel_http_request_duration_seconds histogram');
  });
});
