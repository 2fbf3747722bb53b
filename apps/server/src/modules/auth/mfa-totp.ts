import { generateSecret, generateURI, verify } from 'otplib';
import { toString as qrCode } from 'qrcode';
import { countRateLimits } from '../../lib/rate-limit';
import type { AppContext } from '../../lib/context';

/*
 * Time-based one-time codes (RFC 6238) as authenticator apps make them: SHA-1, 6 digits, 30 s.
 * The secret is stored encrypted with the secret box, bound to its account (docs/decisions/042).
 */

const ISSUER = 'Doppel';
const PERIOD_SECONDS = 30;
/** ±1 step: a code typed just before it changed, or from a phone whose clock is off by up to 30 s. */
const TOLERANCE_SECONDS = PERIOD_SECONDS;
/** Longer than any step stays acceptable (the step itself plus the tolerance on both sides). */
const USED_STEP_MEMORY_SECONDS = 4 * PERIOD_SECONDS;

/** 160 random bits, Base32 (what the apps take by QR code or typed in). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The secret's address at rest: its account's id, so a value copied to another row does not open. */
const secretRow = (userId: string) => `mfa:${userId}`;

export function sealSecret(ctx: AppContext, userId: string, secret: string): string {
  return ctx.secrets.encryptSecret(secret, secretRow(userId));
}

export function openSecret(ctx: AppContext, userId: string, sealed: string): string {
  return ctx.secrets.decryptSecret(sealed, secretRow(userId));
}

/** What an authenticator app is set up from: the otpauth:// link and its QR code as an SVG data: URL. */
export async function provisioning(
  secret: string,
  accountLabel: string,
): Promise<{ otpauthUri: string; qrCodeDataUrl: string }> {
  const otpauthUri = generateURI({ issuer: ISSUER, label: accountLabel, secret, period: PERIOD_SECONDS });
  const svg = await qrCode(otpauthUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { otpauthUri, qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Whether `code` is the secret's code now (±1 step) and was not accepted for this account
 * before: a code seen over a shoulder or in a proxy's log does not work a second time. The
 * used steps are remembered in the shared rate-limit counters (one per account and step), so
 * every server process sees them, and two requests racing with one code cannot both pass.
 */
export async function acceptTotpCode(
  ctx: AppContext,
  userId: string,
  secret: string,
  code: string,
): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const now = ctx.clock.now();
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({
    secret,
    token: code,
    epoch,
    epochTolerance: TOLERANCE_SECONDS,
    period: PERIOD_SECONDS,
  });
  if (!result.valid) return false;
  // The step the code belongs to: now's, or a neighbour by the tolerance.
  const step = Math.floor(epoch / PERIOD_SECONDS) + result.delta;
  const [used] = await countRateLimits(
    ctx.db,
    [{ key: `mfa-step:${userId}:${step}`, limit: 1, windowSeconds: USED_STEP_MEMORY_SECONDS }],
    now,
  );
  return used!.hits === 1;
}
