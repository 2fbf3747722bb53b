import { REFRESH_TOKEN_TTL_SECONDS, type Session } from '@doppel/contracts';
import { and, eq, isNull, refreshTokens, sessions, sql, users, type DbOrTx } from '@doppel/db';
import { decodeJwt } from 'jose';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256 } from '../../lib/crypto';
import type { AppContext } from '../../lib/context';
import { forgetSessions, sessionCacheFor, type SessionCheck } from '../../lib/session-cache';
import type { AuthenticatedUser, ClientInfo } from '../../plugins/authenticate';
import { loadUserView } from './user-view';
import { cutText } from '../../lib/text';

export interface IssuedSession {
  session: Session;
  /** Goes only into the httpOnly cookie. */
  refreshToken: string;
}

function refreshExpiry(now: Date): Date {
  return new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
}

/** Starts a new session family for a user and returns its first refresh token and an access token. */
export async function startSession(
  ctx: AppContext,
  userId: string,
  client: ClientInfo,
): Promise<IssuedSession> {
  const now = ctx.clock.now();
  const refreshToken = randomToken();
  const sessionId = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(sessions)
      .values({
        userId,
        ip: client.ip,
        userAgent: client.userAgent && cutText(client.userAgent, 500),
        createdAt: now,
        lastUsedAt: now,
        expiresAt: refreshExpiry(now),
      })
      .returning({ id: sessions.id });
    await tx
      .insert(refreshTokens)
      .values({ sessionId: created!.id, tokenHash: sha256(refreshToken), createdAt: now });
    return created!.id;
  });
  return { session: await buildSession(ctx, userId, sessionId), refreshToken };
}

async function buildSession(ctx: AppContext, userId: string, sessionId: string): Promise<Session> {
  const { token, expiresAt } = await ctx.accessTokens.issue({ userId, sessionId });
  const user = await loadUserView(ctx.db, userId, ctx.clock.now());
  return { accessToken: token, expiresAt: expiresAt.toISOString(), user };
}

type RotationOutcome =
  | { kind: 'rotated'; userId: string; sessionId: string; refreshToken: string }
  | { kind: 'reused' }
  | { kind: 'expired' }
  | { kind: 'unknown' };

/**
 * Exchanges a refresh token for a new one. A token that was already rotated means it leaked
 * (or two clients raced): the whole family is revoked, and that revocation is committed even
 * though the request fails.
 */
export async function rotateSession(
  ctx: AppContext,
  presentedToken: string | undefined,
): Promise<IssuedSession> {
  if (!presentedToken) throw new AppError('unauthorized');
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx): Promise<RotationOutcome> => {
    const [found] = await tx
      .select({
        tokenId: refreshTokens.id,
        rotatedAt: refreshTokens.rotatedAt,
        sessionId: sessions.id,
        userId: sessions.userId,
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
        isDemo: users.isDemo,
        demoExpiresAt: users.demoExpiresAt,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, sha256(presentedToken)))
      .for('update', { of: refreshTokens });
    if (!found) return { kind: 'unknown' };
    if (found.revokedAt) return { kind: 'expired' };
    if (found.rotatedAt) {
      await revokeSessionIn(tx, found.sessionId, 'token_reuse', now);
      return { kind: 'reused' };
    }
    if (found.expiresAt <= now || (found.isDemo && found.demoExpiresAt && found.demoExpiresAt <= now)) {
      return { kind: 'expired' };
    }
    const refreshToken = randomToken();
    await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, found.tokenId));
    await tx
      .insert(refreshTokens)
      .values({ sessionId: found.sessionId, tokenHash: sha256(refreshToken), createdAt: now });
    await tx
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt: refreshExpiry(now) })
      .where(eq(sessions.id, found.sessionId));
    return { kind: 'rotated', userId: found.userId, sessionId: found.sessionId, refreshToken };
  });
  switch (outcome.kind) {
    case 'rotated':
      return {
        session: await buildSession(ctx, outcome.userId, outcome.sessionId),
        refreshToken: outcome.refreshToken,
      };
    case 'reused':
      ctx.log.warn('refresh token reused: session family revoked');
      throw new AppError('session_expired');
    case 'expired':
      throw new AppError('session_expired');
    case 'unknown':
      throw new AppError('unauthorized');
  }
}

async function revokeSessionIn(db: DbOrTx, sessionId: string, reason: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  forgetSessions({ sessionId });
}

/** Signs one browser out: the session of the presented refresh token, or of the access token. */
export async function endSession(
  ctx: AppContext,
  refreshToken: string | undefined,
  sessionIdFromAccessToken: string | undefined,
): Promise<void> {
  const now = ctx.clock.now();
  if (refreshToken) {
    const [found] = await ctx.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
    if (found) await revokeSessionIn(ctx.db, found.sessionId, 'sign_out', now);
  }
  if (sessionIdFromAccessToken) await revokeSessionIn(ctx.db, sessionIdFromAccessToken, 'sign_out', now);
}

/** Ends every session of a user, e.g. after a password reset. */
export async function revokeAllSessions(
  db: DbOrTx,
  userId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  forgetSessions({ userId });
}

/**
 * Checks a bearer token against its session, so sign-out and password resets take effect at
 * once. A live session is remembered for a few seconds per process (lib/session-cache.ts);
 * revocations here and the change feed's session events end that at once.
 */
export async function authenticateAccessToken(ctx: AppContext, token: string): Promise<AuthenticatedUser> {
  const auth = await sessionCacheFor<AuthenticatedUser>(ctx).authenticate(token, ctx.clock.now(), () =>
    checkAccessToken(ctx, token),
  );
  // Each request gets its own copy of the remembered answer.
  return { ...auth };
}

async function checkAccessToken(ctx: AppContext, token: string): Promise<SessionCheck<AuthenticatedUser>> {
  const claims = await ctx.accessTokens.verify(token);
  const found = await liveSession(ctx, claims);
  if (!found) throw new AppError('session_expired');
  // The signature was verified above; `exp` is a required claim of our tokens.
  const tokenExpiresAt = (decodeJwt(token).exp ?? 0) * 1000;
  return {
    auth: { userId: claims.userId, sessionId: claims.sessionId, isDemo: found.isDemo },
    validUntil: Math.min(tokenExpiresAt, found.endsAt),
  };
}

/**
 * A session that is not revoked and not over by the clock: whether its user is a demo, and
 * when it ends (clock ms: the session's end, or the demo sandbox's if sooner). Null otherwise.
 */
async function liveSession(
  ctx: AppContext,
  session: { sessionId: string; userId: string },
): Promise<{ isDemo: boolean; endsAt: number } | null> {
  const now = ctx.clock.now();
  const [found] = await ctx.db
    .select({ isDemo: users.isDemo, expiresAt: sessions.expiresAt, demoExpiresAt: users.demoExpiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, session.sessionId),
        eq(sessions.userId, session.userId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > ${now.toISOString()}::timestamptz`,
        sql`(not ${users.isDemo} or ${users.demoExpiresAt} > ${now.toISOString()}::timestamptz)`,
      ),
    );
  if (!found) return null;
  const demoEndsAt = found.isDemo && found.demoExpiresAt ? found.demoExpiresAt.getTime() : Infinity;
  return { isDemo: found.isDemo, endsAt: Math.min(found.expiresAt.getTime(), demoEndsAt) };
}

/**
 * When a signed-in request's session ends by the clock (ms), or null when it is already over:
 * signed out, revoked, deleted or expired. Long-lived answers (the /events stream) ask it again
 * when the user's sessions change, and end themselves when it says null.
 */
export async function sessionEndsAt(ctx: AppContext, auth: AuthenticatedUser): Promise<number | null> {
  return (await liveSession(ctx, auth))?.endsAt ?? null;
}
