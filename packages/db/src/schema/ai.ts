import { aiModelUses, aiProviders, tokenPurposes } from '@doppel/contracts';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { campaigns } from './campaigns';
import { users } from './users';

/**
 * Language models a user configured (Settings → AI models). The main model is chosen in
 * user_settings.ai_preferences.defaultModel, so there is one place that says which is in use.
 */
export const aiModels = pgTable(
  'ai_models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    provider: text('provider', { enum: aiProviders }).notNull(),
    modelId: text('model_id').notNull(),
    baseUrl: text('base_url'),
    /** AES-256-GCM envelope (see apps/server/src/lib/secret-box.ts); never returned. */
    apiKeyEncrypted: text('api_key_encrypted'),
    /** Writing (drafts, analysis, chat) or search (an embedding model, at most one per user). */
    useFor: text('use_for', { enum: aiModelUses }).notNull().default('writing'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ai_models_user_idx').on(table.userId, table.createdAt),
    // One search model: every passage's vector must come from the model questions are asked with.
    uniqueIndex('ai_models_one_search_model_idx')
      .on(table.userId)
      .where(sql`${table.useFor} = 'search'`),
  ],
);

/** One row per language-model call: what the Tokens tab shows and the monthly quota counts. */
export const tokenUsage = pgTable(
  'token_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    provider: text('provider').notNull(),
    purpose: text('purpose', { enum: tokenPurposes }).notNull(),
    promptTokens: integer('prompt_tokens').notNull(),
    completionTokens: integer('completion_tokens').notNull(),
    /** The campaign the call worked for (its outreach drafts), so its spent budget is real. */
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('token_usage_user_created_idx').on(table.userId, table.createdAt),
    index('token_usage_campaign_idx').on(table.campaignId),
  ],
);
