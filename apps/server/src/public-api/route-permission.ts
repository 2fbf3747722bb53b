import type { FastifyRequest, FastifySchema } from 'fastify';
import type { ApiKeyAction, ApiKeyResource } from '@doppel/contracts';
import { AppError } from '../lib/app-error';
import type { Actor } from '../lib/actor';
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
 * The key's owner as domain code sees a user. A key is never a demo user's: demo sandboxes
 * cannot create keys and their sample keys open nothing.
 */
export function keyOwnerAsActor(request: FastifyRequest): Actor {
  if (!request.apiKey) throw new AppError('unauthorized', INVALID_KEY_MESSAGE);
  return { userId: request.apiKey.userId, isDemo: false };
}

/** What a key's reads of the knowledge base are recorded as used by. */
export function keyUsage(request: FastifyRequest): string {
  if (!request.apiKey) throw new AppError('unauthorized', INVALID_KEY_MESSAGE);
  return `api-key:${request.apiKey.keyId}`;
}
