import { DEFAULT_MAX_TOKENS, DEFAULT_TEMPERATURE, type InterfaceLanguage } from '@doppel/contracts';
import { and, eq, sql, userSettings, type DbOrTx } from '@doppel/db';

/* The settings module owns user_settings: other modules change a user's settings through these. */

/** A new account's settings: its interface language and the default AI preferences. */
export async function createDefaultSettings(
  tx: DbOrTx,
  userId: string,
  language: InterfaceLanguage,
  now: Date,
): Promise<void> {
  await tx.insert(userSettings).values({
    userId,
    language,
    notifications: { email: true, emailDigest: 'daily', push: false, telegram: false, whatsapp: false },
    aiPreferences: {
      defaultModel: null,
      temperature: DEFAULT_TEMPERATURE,
      maxTokens: DEFAULT_MAX_TOKENS,
      replyInContactLanguage: true,
      showTranslateOption: true,
    },
    updatedAt: now,
  });
}

/** A deleted model stops being the user's main one, so the next call uses the fallback. */
export async function forgetDefaultModel(tx: DbOrTx, userId: string, modelId: string): Promise<void> {
  await tx
    .update(userSettings)
    .set({ aiPreferences: sql`jsonb_set(${userSettings.aiPreferences}, '{defaultModel}', 'null'::jsonb)` })
    .where(
      and(eq(userSettings.userId, userId), sql`${userSettings.aiPreferences}->>'defaultModel' = ${modelId}`),
    );
}
