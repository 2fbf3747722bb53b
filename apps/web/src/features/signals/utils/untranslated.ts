// Texts that are the same in every language (brand names, example values), kept out of the
// dictionaries so the translation checks do not take them for untranslated copies.

import type { SignalPlatform } from '@doppel/contracts';

/** Brand names, the same in every language, so kept out of the dictionaries. */
export const PLATFORM_NAMES: Record<SignalPlatform, string> = {
  linkedin: 'LinkedIn',
  reddit: 'Reddit',
};

/** Example values in the add-source form: an address and a name, not words to translate. */
export const FEED_URL_EXAMPLE = 'https://example.com/feed.xml';
export const SUBREDDIT_EXAMPLE = 'startups';
