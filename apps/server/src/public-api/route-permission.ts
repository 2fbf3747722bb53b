import type { FastifyRequest, FastifySchema } from 'fastify';
import type { ApiKeyAction, ApiKeyResource } from '@doppel/contracts';
import { AppError } from '../lib/app-error';
import type { AuthenticatedUser } from '../modules/auth/sessions';
import { INVALID_KEY_MESSAGE, requirePermission } from './api-key-auth';

/** The public document's security scheme; each operation lists the permission it needs as its scope. */
export const PUBLIC_API_SECURITY = 'bearer';

export type Permission = `${ApiKeyResource}:${ApiKeyAction}`;

/** The tag every public route carries (the public OpenAPI document keeps only these). */
export const V1_TAG = 'v1';

/**
 * Route options for a public route that needs one permission: the check runs before the body
 * and query are validated (a key without the permission learns nothing else), and the OpenAPI
 * operation lists the permission as the scope of its bearer requirement, which the docs page
 * reads too.
 */
export function withPermission<S extends FastifySchema>(permission: Permission, schema: S) {
  const [resource, action] = permission.split(':') as [ApiKeyResource, ApiKeyAction];
  return {
    schema: {
      ...schema,
      tags: [V1_TAG],
      security: [{ [PUBLIC_API_SECURITY]: [permission] }],
    },
    preValidation: async (request: FastifyRequest) => {
      requirePermission(request, resource, action);
    },
  };
}

/** The id of the user whose key made the request: every query is scoped to it. */
export function keyOwner(request: FastifyRequest): string {
  if (!request.apiKey) throw new AppError('unauthorized', INVALID_KEY_MESSAGE);
  return request.apiKey.userId;
}

/**
 * The key's owner as the domain functions that take a signed-in user see them. A key is never
 * a demo user's: demo sandboxes cannot create keys and their sample keys open nothing.
 */
export function keyOwnerAsUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.apiKey) throw new AppError('unauthorized', INVALID_KEY_MESSAGE);
  return { userId: request.apiKey.userId, sessionId: `api-key:${request.apiKey.keyId}`, isDemo: false };
}
