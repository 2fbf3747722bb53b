import { randomUUID } from 'node:crypto';
import {
  saveGrowthCredentialInputSchema,
  type GrowthCredential,
  type GrowthProvider,
} from '@doppel/contracts';
import { and, asc, eq, growthCredentials } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';

type CredentialRow = typeof growthCredentials.$inferSelect;

export const CREDENTIAL_NOT_FOUND = 'No key is saved for this provider';

/** What the API shows of a key: its last 4 characters, masked; short keys show none. */
export function credentialHint(apiKey: string): string {
  return apiKey.length <= 8 ? '••••' : `••••${apiKey.slice(-4)}`;
}

function toGrowthCredential(row: CredentialRow): GrowthCredential {
  return { provider: row.provider, hint: row.hint, updatedAt: row.updatedAt.toISOString() };
}

export async function listGrowthCredentials(ctx: AppContext, userId: string): Promise<GrowthCredential[]> {
  const rows = await ctx.db
    .select()
    .from(growthCredentials)
    .where(eq(growthCredentials.userId, userId))
    .orderBy(asc(growthCredentials.provider));
  return rows.map(toGrowthCredential);
}

/**
 * Saves (or replaces) the user's key for a lead source or enrichment provider, sealed by the
 * secret box with the row's id as associated data, so a value copied to another row is useless.
 */
export async function saveGrowthCredential(
  ctx: AppContext,
  userId: string,
  provider: GrowthProvider,
  input: { apiKey: string },
): Promise<GrowthCredential> {
  const { apiKey } = saveGrowthCredentialInputSchema.parse(input);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: growthCredentials.id })
      .from(growthCredentials)
      .where(and(eq(growthCredentials.userId, userId), eq(growthCredentials.provider, provider)))
      .for('update');
    const id = existing?.id ?? randomUUID();
    const values = {
      secret: ctx.secrets.encryptSecret(apiKey, id),
      hint: credentialHint(apiKey),
      updatedAt: now,
    };
    const [saved] = existing
      ? await tx.update(growthCredentials).set(values).where(eq(growthCredentials.id, id)).returning()
      : await tx
          .insert(growthCredentials)
          .values({ id, userId, provider, createdAt: now, ...values })
          // Two first saves at once: the later one replaces the earlier, sealed for its own id.
          .onConflictDoUpdate({
            target: [growthCredentials.userId, growthCredentials.provider],
            set: { id, ...values },
          })
          .returning();
    return saved!;
  });
  return toGrowthCredential(row);
}

export async function deleteGrowthCredential(
  ctx: AppContext,
  userId: string,
  provider: GrowthProvider,
): Promise<void> {
  const deleted = await ctx.db
    .delete(growthCredentials)
    .where(and(eq(growthCredentials.userId, userId), eq(growthCredentials.provider, provider)))
    .returning({ id: growthCredentials.id });
  if (deleted.length === 0)
    throw new AppError('not_found', CREDENTIAL_NOT_FOUND, { reason: 'provider_key_not_found' });
}

/**
 * The user's key for a provider, decrypted, for calling the provider from a campaign run; null
 * when none is saved. Never return it from an API.
 */
export async function readGrowthCredential(
  ctx: AppContext,
  userId: string,
  provider: GrowthProvider,
): Promise<string | null> {
  const [row] = await ctx.db
    .select({ id: growthCredentials.id, secret: growthCredentials.secret })
    .from(growthCredentials)
    .where(and(eq(growthCredentials.userId, userId), eq(growthCredentials.provider, provider)));
  return row ? ctx.secrets.decryptSecret(row.secret, row.id) : null;
}
