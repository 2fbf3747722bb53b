import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import {
  communicationHistory,
  contacts,
  desc,
  emailOutbox,
  eq,
  openDatabase,
  sql,
  type Database,
} from '@doppel/db';
import { buildApp, type DoppelApp } from '../app';
import { loadConfig, type Config } from '../lib/config';
import type { Clock } from '../lib/clock';

let shared: Promise<Database> | undefined;

/**
 * The database for this test worker: PostgreSQL when TEST_DATABASE_URL is set, else one
 * in-memory PGlite reused by every test file of the worker. Tests never share users or IPs,
 * so they need no cleanup between them.
 */
export function testDatabase(): Promise<Database> {
  shared ??= (
    process.env.TEST_DATABASE_URL
      ? openDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL, poolSize: 4 })
      : openDatabase({ kind: 'pglite-memory' })
  ).then(async (database) => {
    await seedInstanceOwner(database);
    return database;
  });
  return shared;
}

/**
 * The shared test database already has its instance owner, so which test file signs up first
 * does not decide who owns the instance (or who is verified without email). Tests of the first
 * run open a database of their own.
 */
export async function seedInstanceOwner(database: Database): Promise<void> {
  await database.db.execute(sql`
    insert into users (email, full_name, email_verified_at, is_instance_owner)
    values ('instance-owner@example.com', 'Instance Owner', now(), true)
    on conflict do nothing`);
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), 'doppel-test-data'),
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    PUBLIC_URL: 'http://doppel.test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'doppel-test-no-web-dist'),
  });
  return {
    ...base,
    authRateLimit: { perIp: 1000, perEmail: 1000, windowSeconds: 900 },
    // The fake AI servers listen on 127.0.0.1.
    aiAllowPrivateBaseUrls: true,
    ...overrides,
  };
}

/** A clock the test can move forward. */
export class ManualClock implements Clock {
  private current: Date;
  constructor(start = new Date()) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export async function createTestApp(
  options: { config?: Partial<Config>; clock?: Clock; database?: Database } = {},
): Promise<DoppelApp> {
  const database = options.database ?? (await testDatabase());
  const built = await buildApp({
    config: testConfig(options.config),
    database,
    clock: options.clock,
    logger: false,
  });
  await built.app.ready();
  return built;
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID()}@example.com`;
}

/** A fresh client address per test keeps per-IP rate limits from leaking between tests. */
export function uniqueIp(): string {
  const n = () => Math.floor(Math.random() * 254) + 1;
  return `10.${n()}.${n()}.${n()}`;
}

export function cookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  const cookie = response.cookies.find((c) => c.name === name);
  return cookie?.value || undefined;
}

/** The newest email sent to an address, read from the outbox. */
export async function latestEmail(doppel: DoppelApp, to: string) {
  const [row] = await doppel.ctx.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return row;
}

/** The token of the newest emailed link of one kind to an address, read from the outbox. */
export async function emailedToken(doppel: DoppelApp, to: string, kind: string): Promise<string> {
  const rows = await doppel.ctx.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.createdAt));
  const row = rows.find((r) => r.kind === kind);
  const match = row?.textBody.match(/[?&]token=([\w%-]+)/);
  if (!match?.[1]) throw new Error(`no ${kind} email to ${to}`);
  return decodeURIComponent(match[1]);
}

/**
 * Signs up, verifies through the emailed link and signs in; returns the session and its cookie.
 * On a database of its own without SMTP the first account is ready at once (it owns the
 * instance), so there is no link to follow.
 */
export async function signedInUser(doppel: DoppelApp, ip = uniqueIp()) {
  const email = uniqueEmail();
  const password = 'correct horse';
  const signUp = await doppel.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    remoteAddress: ip,
    payload: { fullName: 'Test User', email, password },
  });
  if (!signUp.json<{ verified: boolean }>().verified) {
    const token = await emailedToken(doppel, email, 'verify_email');
    await doppel.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      remoteAddress: ip,
      payload: { token },
    });
  }
  const response = await doppel.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: ip,
    payload: { email, password },
  });
  const body = response.json<{ accessToken: string; user: { id: string } }>();
  return {
    email,
    password,
    ip,
    accessToken: body.accessToken,
    userId: body.user.id,
    refreshToken: cookieValue(response, 'doppel_refresh')!,
  };
}

/**
 * Retries a check until it passes or `withinMs` runs out. Another process learns of a change
 * through NOTIFY a moment after the commit on PostgreSQL, so cross-process checks poll.
 */
export async function eventually(check: () => Promise<void>, withinMs = 1500): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** A contact of the user who wrote one message (by email), as a messenger would leave it. */
export async function seedContactWithMessage(
  doppel: DoppelApp,
  userId: string,
  contact: { name: string; company: string; language: string },
  message: string,
) {
  const [row] = await doppel.ctx.db
    .insert(contacts)
    .values({ userId, ...contact, source: 'email' })
    .returning();
  await doppel.ctx.db.insert(communicationHistory).values({
    userId,
    contactId: row!.id,
    direction: 'inbound',
    channel: 'email',
    text: message,
    deliveryStatus: 'received',
  });
  return row!;
}
