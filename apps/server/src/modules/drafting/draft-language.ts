import { templateLanguageFor, type TemplateLanguage } from '@doppel/contracts';
import { eq, userSettings } from '@doppel/db';
import type { AppContext } from '../../lib/context';

/** What the draft language rule weighs besides the user's settings. */
export interface LanguageHints {
  /** The language the message or trigger is written in, as an analysis found it. */
  found?: string | null;
  /** The contact's language. */
  contact?: string | null;
}

/**
 * The language a draft is written in: a fixed response language setting wins; 'auto' answers
 * in the language the analysis found, else the contact's (English when Doppel cannot write it),
 * else the interface language.
 */
export async function draftLanguage(
  ctx: AppContext,
  userId: string,
  hints: LanguageHints,
): Promise<TemplateLanguage> {
  const [settings] = await ctx.db
    .select({ language: userSettings.language, responseLanguage: userSettings.responseLanguage })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  const chosen =
    settings?.responseLanguage && settings.responseLanguage !== 'auto'
      ? settings.responseLanguage
      : (hints.found ?? hints.contact);
  // A language Doppel cannot write in is answered in English (decision 035); without any hint,
  // the interface language.
  return templateLanguageFor(chosen, chosen ? 'en' : (settings?.language ?? 'en'));
}
