import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@doppel/contracts';
import { AppError } from './app-error';
import type { Clock } from './clock';

const ISSUER = 'doppel';
const AUDIENCE = 'doppel-web';
const ALGORITHM = 'HS256';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export interface AccessTokens {
  issue(claims: AccessClaims): Promise<{ token: string; expiresAt: Date }>;
  /** Throws `session_expired` for an expired token and `unauthorized` for anything else wrong. */
  verify(token: string): Promise<AccessClaims>;
}

/** Short-lived HS256 JWTs; the algorithm is pinned on verification so `alg: none` and RS/HS confusion fail. */
export function createAccessTokens(key: Uint8Array, clock: Clock): AccessTokens {
  return {
    async issue({ userId, sessionId }) {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      const expiresAtSeconds = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAtSeconds)
        .sign(key);
      return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string')
          throw new AppError('unauthorized');
        return { userId: payload.sub, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new AppError('session_expired');
        throw new AppError('unauthorized');
      }
    },
  };
}
