import { randomBytes } from 'node:crypto';
import type { ApiKeyPermission, ApiKeyService } from '@doppel/contracts';
import { apiKeys, type DbOrTx } from '@doppel/db';
import type { Actor } from '../../lib/actor';

/**
 * The demo sandbox's API keys, labelled as samples. Their text is never
 * made: the stored hash is of random bytes nobody holds, and sample keys are refused by the API
 * in any case.
 */
export const SAMPLE_API_KEYS: Array<{
  name: string;
  description: string;
  service: ApiKeyService;
  permissions: ApiKeyPermission[];
  requestsPerMinute: number;
  requestsPerDay: number;
}> = [
  {
    name: 'CRM sync (sample)',
    description: 'Reads contacts and their messages for the CRM.',
    service: 'rest_client',
    permissions: [
      { resource: 'contacts', actions: ['read'] },
      { resource: 'messages', actions: ['read'] },
    ],
    requestsPerMinute: 100,
    requestsPerDay: 10_000,
  },
  {
    name: 'Claude Desktop (sample)',
    description: 'Searches the knowledge base through the MCP server.',
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
export async function seedSampleApiKeys(tx: DbOrTx, actor: Pick<Actor, 'userId'>, now: Date): Promise<void> {
  await tx.insert(apiKeys).values(
    SAMPLE_API_KEYS.map((sample, index) => ({
      ...sample,
      ...sampleKeyHash(),
      userId: actor.userId,
      isSample: true,
      createdAt: new Date(now.getTime() - (index + 1) * 86_400_000),
      updatedAt: now,
    })),
  );
}
