import {
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyWhoAmI,
  type CreateApiKeyInput,
  type CreatedApiKey,
  DEFAULT_API_KEY_PERMISSIONS,
  DEFAULT_API_KEY_RATE_LIMIT,
  routes as apiRoutes,
  type Session,
  type UpdateApiKeyInput,
} from '@doppel/contracts';
import {
  errorReply,
  makeSession,
  type FakeRequest,
  fakeRoute,
  OK_REPLY,
  type ErrorReply,
} from '@/test-support/fake-api';
import { signedInRoutes, type ServerRoutes } from '@/test-support/render-with-providers';

let counter = 0;
const uuid = (n: number) => `44444444-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A key text of the real shape: the prefix and 32 alphanumerics, unique per call. */
export function makeFullKey(): string {
  counter++;
  return `${API_KEY_PREFIX}${'k'.repeat(24)}${String(counter).padStart(8, '0')}`;
}

/** A key as the list returns it: active, contacts read, the default limits. */
export function makeApiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  counter++;
  return {
    id: uuid(counter),
    name: `Key ${counter}`,
    description: '',
    service: 'doppel_api',
    keyPreview: `••••${String(counter).padStart(4, '0')}`,
    isActive: true,
    permissions: DEFAULT_API_KEY_PERMISSIONS,
    rateLimit: DEFAULT_API_KEY_RATE_LIMIT,
    expiresAt: null,
    createdAt: '2026-03-01T09:00:00.000Z',
    lastUsedAt: null,
    usageCount: 0,
    isSample: false,
    ...overrides,
  };
}

const INVALID_KEY: ErrorReply = errorReply(
  401,
  'unauthorized',
  'The API key is missing, unknown, revoked or expired.',
);

/**
 * A fake of the /api/keys routes and of GET /api/v1/me over an in-memory list, answering like
 * the server: newest first, the full key only in the creation answer, demo sandboxes refused
 * with demo_restricted, and /me accepting only a known, active key (401 otherwise).
 */
export function apiKeysServer(
  initial: ApiKey[],
  {
    session = makeSession(),
    secrets = {},
  }: {
    session?: Session;
    /** Full keys of the initial keys, by id: what a user may paste to test them. */
    secrets?: Record<string, string>;
  } = {},
) {
  const keys = [...initial];
  const fullKeys = new Map(Object.entries(secrets));
  const find = (id: string) => keys.find((key) => key.id === id);

  const routes: ServerRoutes = {
    ...signedInRoutes(session),
    ...fakeRoute(apiRoutes.apiKeys.list, () => ({ body: { items: keys } })),
    ...fakeRoute(apiRoutes.apiKeys.create, ({ body }: FakeRequest) => {
      if (session.user.isDemo) return errorReply(403, 'demo_restricted', 'Not available in demo mode.');
      const input = body as CreateApiKeyInput;
      const fullKey = makeFullKey();
      const key = makeApiKey({
        name: input.name.trim(),
        description: input.description ?? '',
        service: input.service ?? 'doppel_api',
        keyPreview: `••••${fullKey.slice(-4)}`,
        permissions: input.permissions ?? DEFAULT_API_KEY_PERMISSIONS,
        rateLimit: input.rateLimit ?? DEFAULT_API_KEY_RATE_LIMIT,
        expiresAt: input.expiresAt ?? null,
        createdAt: new Date().toISOString(),
      });
      keys.unshift(key);
      fullKeys.set(key.id, fullKey);
      return { status: 201, body: { ...key, fullKey } satisfies CreatedApiKey };
    }),
    ...fakeRoute(apiRoutes.v1.me, ({ headers }: FakeRequest) => {
      const bearer = /^Bearer (.+)$/.exec(headers.get('authorization') ?? '')?.[1];
      const id = [...fullKeys].find(([, fullKey]) => fullKey === bearer)?.[0];
      const key = id ? find(id) : undefined;
      if (!key?.isActive) return INVALID_KEY;
      Object.assign(key, { usageCount: key.usageCount + 1, lastUsedAt: new Date().toISOString() });
      const body: ApiKeyWhoAmI = {
        keyId: key.id,
        name: key.name,
        permissions: key.permissions,
        rateLimit: key.rateLimit,
      };
      return { body };
    }),
    ...fakeRoute(apiRoutes.apiKeys.update, ({ params, body }) => {
      const found = find(params.id);
      if (!found) return errorReply(404, 'not_found', 'API key not found');
      Object.assign(found, body as UpdateApiKeyInput);
      return { body: found };
    }),
    ...fakeRoute(apiRoutes.apiKeys.delete, ({ params }) => {
      const found = find(params.id);
      if (!found) return errorReply(404, 'not_found', 'API key not found');
      keys.splice(keys.indexOf(found), 1);
      return OK_REPLY;
    }),
  };

  return {
    keys,
    fullKeys,
    routes,
  };
}
