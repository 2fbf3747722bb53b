import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { bearerToken } from '../../plugins/authenticate';
import { authenticateAccessToken } from './sessions';

/** onRequest hook for protected scopes: a valid bearer of a live session, else 401. */
export function createAuthenticateHook(ctx: AppContext) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized');
    request.auth = await authenticateAccessToken(ctx, token);
  };
}
