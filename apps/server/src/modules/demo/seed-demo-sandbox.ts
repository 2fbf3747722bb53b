import type { InterfaceLanguage } from '@doppel/contracts';
import { eq, users, type DbOrTx } from '@doppel/db';

/** The sample owner of a sandbox, in the language the visitor chose. */
const SAMPLE_NAMES: Record<InterfaceLanguage, string> = {
  en: 'Alex Morgan (sample)',
  ru: 'Алекс Морган (пример)',
  fr: 'Alex Morgan (exemple)',
  es: 'Alex Morgan (ejemplo)',
  de: 'Alex Morgan (Beispiel)',
};

/**
 * Fills a new demo sandbox with sample data. Each area adds its own sample rows here as it
 * lands; the foundation seeds the profile, settings and plan (created with the account).
 */
export async function seedDemoSandbox(tx: DbOrTx, userId: string, language: InterfaceLanguage, now: Date) {
  await tx
    .update(users)
    .set({ fullName: SAMPLE_NAMES[language], updatedAt: now })
    .where(eq(users.id, userId));
}
