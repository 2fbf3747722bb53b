import { createECDH } from 'node:crypto';
import type { AppContext } from '../../lib/context';

/*
 * The server's VAPID key pair (RFC 8292): push services accept a notification only when it is
 * signed by the key the browser subscribed with. The private key is derived from the master
 * secret, so every process on every machine has the same pair without storing it, and the
 * subscriptions stay valid across restarts and deploys (a new SECRET_KEY makes a new pair, and
 * browsers subscribe again from Settings).
 */

export interface VapidDetails {
  subject: string;
  /** Base64url of the uncompressed P-256 point: the browser's applicationServerKey. */
  publicKey: string;
  /** Base64url of the 32-byte private scalar. */
  privateKey: string;
}

const cache = new WeakMap<AppContext, VapidDetails>();

export function vapidDetails(ctx: AppContext): VapidDetails {
  let details = cache.get(ctx);
  if (!details) cache.set(ctx, (details = deriveVapid(ctx)));
  return details;
}

function deriveVapid(ctx: AppContext): VapidDetails {
  for (let attempt = 0; ; attempt++) {
    const scalar = Buffer.from(ctx.deriveKey(attempt === 0 ? 'web-push-vapid' : `web-push-vapid:${attempt}`));
    const ecdh = createECDH('prime256v1');
    try {
      ecdh.setPrivateKey(scalar);
    } catch {
      // 32 random bytes at or past the curve's order (odds about 2^-32): the next derivation.
      continue;
    }
    return {
      subject: vapidSubject(ctx.config.smtpFrom, ctx.config.publicUrl),
      publicKey: ecdh.getPublicKey().toString('base64url'),
      privateKey: scalar.toString('base64url'),
    };
  }
}

/**
 * Whom a push service may write to about this server's notifications: the SMTP_FROM address,
 * else the public address when it is https (push services accept only mailto: and https:).
 */
export function vapidSubject(smtpFrom: string, publicUrl: string): string {
  const address =
    /<([^<>\s]+@[^<>\s]+)>/.exec(smtpFrom)?.[1] ?? /^\s*([^<>\s]+@[^<>\s]+)\s*$/.exec(smtpFrom)?.[1];
  if (address) return `mailto:${address}`;
  const site = new URL(publicUrl);
  return site.protocol === 'https:' ? site.origin : `mailto:notifications@${site.hostname}`;
}
