import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import type { AppContext } from '../lib/context';
import { authenticateAccessToken, type AuthenticatedUser, type ClientInfo } from '../modules/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate hook on protected routes. */
    auth: AuthenticatedUser | null;
  }
}

export const REFRESH_COOKIE = 'doppel_refresh';
/** The cookie is sent only to the auth endpoints that read it. */
const REFRESH_COOKIE_PATH = '/api/auth';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
}

/** onRequest hook for protected scopes: a valid bearer of a live session, else 401. */
export function createAuthenticateHook(ctx: AppContext) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized');
    request.auth = await authenticateAccessToken(ctx, token);
  };
}

export function requireAuth(request: FastifyRequest): AuthenticatedUser {
  if (!request.auth) throw new AppError('unauthorized');
  return request.auth;
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export function setRefreshCookie(
  reply: FastifyReply,
  ctx: AppContext,
  token: string,
  maxAgeSeconds: number,
): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
    path: REFRESH_COOKIE_PATH,
    maxAge: maxAgeSeconds,
  });
}

export function clearRefreshCookie(reply: FastifyReply, ctx: AppContext): void {
  reply.clearCookie(REFRESH_COOKIE, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
  });
}
