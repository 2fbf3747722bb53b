import { createHmac } from 'node:crypto';
import { MFA_REMEMBER_DEVICE_DAYS } from '@doppel/contracts';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../lib/context';
import { constantTimeEqual } from '../../lib/crypto';

/*
 * "Remember this device for 30 days" (docs/decisions/042): after a code step with the box
 * ticked, the browser carries a signed cookie that lets sign-in skip the code for that account.
 * Like the known-device cookie it holds no account id: each entry is `<issuedAt>.<mac>`, the MAC
 * an HMAC of the account id, when its MFA was turned on and the time. Turning MFA off and on
 * again (a new secret) changes that time, so every remembered device of the account is forgotten;
 * an entry is never renewed, so the 30 days count from the code step.
 */

export const MFA_DEVICE_COOKIE = 'doppel_mfa_device';
/** Read by sign-in only; '/api/auth/sign-in' covers the code step's '/api/auth/sign-in/mfa' too. */
const MFA_DEVICE_COOKIE_PATH = '/api/auth/sign-in';
const TTL_SECONDS = MFA_REMEMBER_DEVICE_DAYS * 24 * 3600;
/** Accounts one browser is remembered for (a shared computer); the newest first. */
const MAX_ACCOUNTS_PER_DEVICE = 5;

const ENTRY = /^(\d{1,12})\.([\w-]{43})$/;

interface Entry {
  issuedAt: number;
  mac: string;
}

function nowSeconds(ctx: AppContext): number {
  return Math.floor(ctx.clock.now().getTime() / 1000);
}

function liveEntries(cookie: string | undefined, now: number): Entry[] {
  const entries: Entry[] = [];
  for (const text of (cookie ?? '').split('~').slice(0, MAX_ACCOUNTS_PER_DEVICE)) {
    const match = ENTRY.exec(text);
    if (!match) continue;
    const issuedAt = Number(match[1]);
    if (issuedAt + TTL_SECONDS <= now || issuedAt > now + 300) continue;
    entries.push({ issuedAt, mac: match[2]! });
  }
  return entries;
}

function macOf(ctx: AppContext, userId: string, mfaEnabledAt: Date, issuedAt: number): string {
  return createHmac('sha256', ctx.deriveKey('mfa-device'))
    .update(`${userId}.${mfaEnabledAt.getTime()}.${issuedAt}`)
    .digest('base64url');
}

function isFor(ctx: AppContext, entry: Entry, userId: string, mfaEnabledAt: Date): boolean {
  return constantTimeEqual(entry.mac, macOf(ctx, userId, mfaEnabledAt, entry.issuedAt));
}

/** Whether this browser was remembered, in the last 30 days, for the account's current MFA. */
export function isRememberedDevice(
  ctx: AppContext,
  cookie: string | undefined,
  userId: string,
  mfaEnabledAt: Date,
): boolean {
  return liveEntries(cookie, nowSeconds(ctx)).some((entry) => isFor(ctx, entry, userId, mfaEnabledAt));
}

/** The cookie after a code step with "remember": a new entry for the account first, the others kept. */
export function rememberMfaDevice(
  ctx: AppContext,
  cookie: string | undefined,
  userId: string,
  mfaEnabledAt: Date,
): string {
  const now = nowSeconds(ctx);
  const others = liveEntries(cookie, now)
    .filter((entry) => !isFor(ctx, entry, userId, mfaEnabledAt))
    .map((entry) => `${entry.issuedAt}.${entry.mac}`);
  return [`${now}.${macOf(ctx, userId, mfaEnabledAt, now)}`, ...others]
    .slice(0, MAX_ACCOUNTS_PER_DEVICE)
    .join('~');
}

export function setMfaDeviceCookie(reply: FastifyReply, ctx: AppContext, value: string): void {
  reply.setCookie(MFA_DEVICE_COOKIE, value, {
    httpOnly: true,
    // Only the app's own sign-in form sends it.
    sameSite: 'strict',
    secure: ctx.config.secureCookies,
    path: MFA_DEVICE_COOKIE_PATH,
    maxAge: TTL_SECONDS,
  });
}
