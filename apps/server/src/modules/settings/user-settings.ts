import {
  updateUserSettingsInputSchema,
  type UpdateUserSettingsInput,
  type UserSettings,
} from '@doppel/contracts';
import { eq, userSettings, type DbOrTx } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';

type SettingsRow = typeof userSettings.$inferSelect;

function toView(row: SettingsRow): UserSettings {
  return {
    language: row.language,
    responseLanguage: row.responseLanguage,
    autoTranslate: row.autoTranslate,
    theme: row.theme,
    notifications: row.notifications,
    aiPreferences: row.aiPreferences,
    touchesPerWeek: row.touchesPerWeek,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadRow(db: DbOrTx, userId: string, forUpdate = false): Promise<SettingsRow> {
  const query = db.select().from(userSettings).where(eq(userSettings.userId, userId));
  const [row] = forUpdate ? await query.for('update') : await query;
  // Every account gets its row at creation; a missing one is a broken account, not a default.
  if (!row) throw new AppError('not_found');
  return row;
}

export async function getUserSettings(ctx: AppContext, userId: string): Promise<UserSettings> {
  return toView(await loadRow(ctx.db, userId));
}

/** Applies a partial update; nested groups (notifications, AI preferences) merge key by key. */
export async function updateUserSettings(
  ctx: AppContext,
  userId: string,
  input: UpdateUserSettingsInput,
): Promise<UserSettings> {
  const changes = updateUserSettingsInputSchema.parse(input);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const current = await loadRow(tx, userId, true);
    const [updated] = await tx
      .update(userSettings)
      .set({
        language: changes.language ?? current.language,
        responseLanguage: changes.responseLanguage ?? current.responseLanguage,
        autoTranslate: changes.autoTranslate ?? current.autoTranslate,
        theme: changes.theme ?? current.theme,
        notifications: { ...current.notifications, ...changes.notifications },
        aiPreferences: { ...current.aiPreferences, ...changes.aiPreferences },
        touchesPerWeek: changes.touchesPerWeek ?? current.touchesPerWeek,
        updatedAt: now,
      })
      .where(eq(userSettings.userId, userId))
      .returning();
    return toView(updated!);
  });
}
