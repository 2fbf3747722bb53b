import { createHmac, randomBytes } from 'node:crypto';
import { MFA_CHALLENGE_TTL_SECONDS, type MfaChallenge } from '@doppel/contracts';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { constantTimeEqual } from '../../lib/crypto';
import { countRateLimits } from '../../lib/rate-limit';

/*
 * The code step's ticket: sign-in proved the password and hands this signed, five-minute token
 * to the browser instead of a session. It names the account and when its MFA was turned on, so
 * a ticket from before MFA was turned off and on again is void; it is good for one sign-in.
 * Nothing is stored for it: the MAC (a key derived from the master secret) is the proof.
 */

export interface ChallengeClaim {
  userId: string;
  mfaEnabledAt: Date;
  nonce: string;
}

const TOKEN = /^([0-9a-f-]{36})\.(\d{1,15})\.(\d{1,12})\.([\w-]{22})\.([\w-]{43})$/;

function macOf(ctx: AppContext, body: string): string {
  return createHmac('sha256', ctx.deriveKey('mfa-challenge')).update(body).digest('base64url');
}

export function issueChallenge(ctx: AppContext, userId: string, mfaEnabledAt: Date): MfaChallenge {
  const expiresAt = Math.floor(ctx.clock.now().getTime() / 1000) + MFA_CHALLENGE_TTL_SECONDS;
  const nonce = randomBytes(16).toString('base64url');
  const body = `${userId}.${mfaEnabledAt.getTime()}.${expiresAt}.${nonce}`;
  return {
    mfaRequired: true,
    challenge: `${body}.${macOf(ctx, body)}`,
    expiresAt: new Date(expiresAt * 1000).toISOString(),
  };
}

/** The ticket's claim, or `mfa_challenge_expired` when it is over, altered or not ours. */
export function readChallenge(ctx: AppContext, token: string): ChallengeClaim {
  const match = TOKEN.exec(token);
  if (!match) throw new AppError('mfa_challenge_expired');
  const [, userId, enabledAtMs, expiresAt, nonce, mac] = match;
  if (!constantTimeEqual(mac!, macOf(ctx, `${userId}.${enabledAtMs}.${expiresAt}.${nonce}`)))
    throw new AppError('mfa_challenge_expired');
  if (Number(expiresAt) * 1000 <= ctx.clock.now().getTime()) throw new AppError('mfa_challenge_expired');
  return { userId: userId!, mfaEnabledAt: new Date(Number(enabledAtMs)), nonce: nonce! };
}

/**
 * Spends the ticket once its code was right: a second sign-in with it is refused. Remembered in
 * the shared rate-limit counters for as long as the ticket could still be presented.
 */
export async function spendChallenge(ctx: AppContext, claim: ChallengeClaim): Promise<void> {
  const [spent] = await countRateLimits(
    ctx.db,
    [{ key: `mfa-challenge:${claim.nonce}`, limit: 1, windowSeconds: MFA_CHALLENGE_TTL_SECONDS + 60 }],
    ctx.clock.now(),
  );
  if (spent!.hits > 1) throw new AppError('mfa_challenge_expired');
}
