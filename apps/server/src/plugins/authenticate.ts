import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../lib/actor';
import { AppError } from '../lib/app-error';
import type { AppContext } from '../lib/context';

/**
 * A signed-in request's user and session. The session id stays here at the HTTP edge (sign-out,
 * session lists); domain code takes the Actor part only.
 */
export interface AuthenticatedUser extends Actor {
  sessionId: string;
}

/** Where a request came from, as sessions and rate limits record it. */
export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

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
