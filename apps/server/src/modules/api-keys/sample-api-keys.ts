import { randomBytes } from 'node:crypto';
import type { ApiKeyPermission, ApiKeyService, InterfaceLanguage } from '@doppel/contracts';
import { apiKeys, type DbOrTx } from '@doppel/db';
import type { Actor } from '../../lib/actor';
import { textsIn, type Texts } from '../../lib/translations';

/**
 * The demo sandbox's API keys, labelled as samples in the sandbox's language. Their text is never
 * made: the stored hash is of random bytes nobody holds, and sample keys are refused by the API
 * in any case.
 */
const SAMPLE_API_KEYS: Array<{
  /** The key's name before its sample label: what it is for, or the app it is for. */
  name: (t: Texts) => string;
  description: (t: Texts) => string;
  service: ApiKeyService;
  permissions: ApiKeyPermission[];
  requestsPerMinute: number;
  requestsPerDay: number;
}> = [
  {
    name: (t) => t('apiKeys.crmSync.name'),
    description: (t) => t('apiKeys.crmSync.description'),
    service: 'rest_client',
    permissions: [
      { resource: 'contacts', actions: ['read'] },
      { resource: 'messages', actions: ['read'] },
    ],
    requestsPerMinute: 100,
    requestsPerDay: 10_000,
  },
  {
    name: () => 'Claude Desktop',
    description: (t) => t('apiKeys.claudeDesktop.description'),
    service: 'doppel_mcp',
    permissions: [{ resource: 'knowledge_base', actions: ['read'] }],
    requestsPerMinute: 50,
    requestsPerDay: 5_000,
  },
];

/** A hash no key text will ever have, and the last 4 characters of nothing real. */
function sampleKeyHash(): { keyHash: string; keyLast4: string } {
  return { keyHash: randomBytes(32).toString('hex'), keyLast4: randomBytes(2).toString('hex') };
}

/** Writes a demo sandbox's sample keys, a day apart. */
export async function seedSampleApiKeys(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  language: InterfaceLanguage,
  now: Date,
): Promise<void> {
  const t = textsIn(language, 'demo');
  await tx.insert(apiKeys).values(
    SAMPLE_API_KEYS.map(({ name, description, ...sample }, index) => ({
      ...sample,
      name: t('sampleLabel', { name: name(t) }),
      description: description(t),
      ...sampleKeyHash(),
      userId: actor.userId,
      isSample: true,
      createdAt: new Date(now.getTime() - (index + 1) * 86_400_000),
      updatedAt: now,
    })),
  );
}
