import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../lib/context';

/*
 * Known devices (docs/decisions/029): a browser that signed in to an account before carries a
 * signed cookie saying so, and its sign-in attempts count only against that device's own limit.
 * A stranger guessing passwords from elsewhere then cannot lock the owner out. The cookie holds
 * no account id: each entry is `<deviceId>.<issuedAt>.<mac>`, the MAC an HMAC of the account id,
 * the device id and the time under a key derived from the master secret, so an entry proves
 * nothing except for the account that the server checks it against.
 */

export const KNOWN_DEVICE_COOKIE = 'doppel_device';
/** Only sign-in reads it. */
const KNOWN_DEVICE_COOKIE_PATH = '/api/auth/sign-in';
/** A device that has not signed in for this long is a stranger again. */
export const KNOWN_DEVICE_TTL_SECONDS = 180 * 24 * 3600;
/** Accounts one browser is remembered for (a shared computer); the oldest goes first. */
const MAX_ACCOUNTS_PER_DEVICE = 5;

const ENTRY = /^([\w-]{22})\.(\d{1,12})\.([\w-]{43})$/;

interface Entry {
  deviceId: string;
  issuedAt: number;
  mac: string;
}

function entriesOf(cookie: string | undefined, nowSeconds: number): Entry[] {
  const entries: Entry[] = [];
  for (const text of (cookie ?? '').split('~').slice(0, MAX_ACCOUNTS_PER_DEVICE)) {
    const match = ENTRY.exec(text);
    if (!match) continue;
    const issuedAt = Number(match[2]);
    if (issuedAt + KNOWN_DEVICE_TTL_SECONDS <= nowSeconds || issuedAt > nowSeconds + 300) continue;
    entries.push({ deviceId: match[1]!, issuedAt, mac: match[3]! });
  }
  return entries;
}

function macOf(ctx: AppContext, userId: string, deviceId: string, issuedAt: number): string {
  return createHmac('sha256', ctx.deriveKey('known-device'))
    .update(`${userId}.${deviceId}.${issuedAt}`)
    .digest('base64url');
}

function isFor(ctx: AppContext, entry: Entry, userId: string): boolean {
  const expected = Buffer.from(macOf(ctx, userId, entry.deviceId, entry.issuedAt));
  const presented = Buffer.from(entry.mac);
  return expected.length === presented.length && timingSafeEqual(expected, presented);
}

function nowSeconds(ctx: AppContext): number {
  return Math.floor(ctx.clock.now().getTime() / 1000);
}

/** The device id under which this browser signed in to the account before, if its cookie proves it. */
export function knownDeviceOf(
  ctx: AppContext,
  cookie: string | undefined,
  userId: string,
): string | undefined {
  return entriesOf(cookie, nowSeconds(ctx)).find((entry) => isFor(ctx, entry, userId))?.deviceId;
}

/** The cookie after a successful sign-in: this account's entry renewed (or new) first, the others kept. */
export function rememberDevice(ctx: AppContext, cookie: string | undefined, userId: string): string {
  const now = nowSeconds(ctx);
  const entries = entriesOf(cookie, now);
  const own = entries.find((entry) => isFor(ctx, entry, userId));
  const deviceId = own?.deviceId ?? randomBytes(16).toString('base64url');
  const renewed = `${deviceId}.${now}.${macOf(ctx, userId, deviceId, now)}`;
  const others = entries
    .filter((entry) => entry !== own)
    .map((entry) => `${entry.deviceId}.${entry.issuedAt}.${entry.mac}`);
  return [renewed, ...others].slice(0, MAX_ACCOUNTS_PER_DEVICE).join('~');
}

export function setKnownDeviceCookie(reply: FastifyReply, ctx: AppContext, value: string): void {
  reply.setCookie(KNOWN_DEVICE_COOKIE, value, {
    httpOnly: true,
    // Only the app's own sign-in form needs it.
    sameSite: 'strict',
    secure: ctx.config.secureCookies,
    path: KNOWN_DEVICE_COOKIE_PATH,
    maxAge: KNOWN_DEVICE_TTL_SECONDS,
  });
}
