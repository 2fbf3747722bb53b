import type { Persona } from '@doppel/contracts';
import { cutText } from '../../lib/text';
import type { Texts } from '../../lib/translations';

/*
 * Deciding whether a news item or a post concerns the user: plain phrase matching over
 * normalised text (lower case, accents stripped, whole words), which is predictable, explainable
 * in the task ("matches your theme …") and needs no model. A configured model still rewrites
 * the analysis of the task it makes.
 */

/** Lower case without accents, so "Société Générale" matches "societe generale". */
export function normalize(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Shorter phrases ("AI", "HR") match too much to mean anything. */
export const MIN_PHRASE_LENGTH = 3;

/** Whether the normalised text holds the phrase as whole words (any script, any spacing). */
export function containsPhrase(normalizedText: string, phrase: string): boolean {
  const wanted = normalize(phrase).trim();
  if (wanted.length < MIN_PHRASE_LENGTH) return false;
  const pattern = escapeRegExp(wanted).replace(/\s+/g, '\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, 'u').test(normalizedText);
}

/** The first phrase the text holds, as the user wrote it; null when none. */
export function firstMatchingPhrase(text: string, phrases: readonly string[]): string | null {
  const normalized = normalize(text);
  return phrases.find((phrase) => containsPhrase(normalized, phrase)) ?? null;
}

export interface ContactCandidate {
  id: string;
  name: string;
  company: string | null;
  language: string;
}

export interface ContactMatch {
  contact: ContactCandidate;
  /** What the text named: the person, or their company. */
  on: 'name' | 'company';
  /** The name or company as stored, for the task title. */
  label: string;
}

/**
 * The contact a text is about: a full name named outright wins over a company (several
 * contacts may work there; the first one stored is taken).
 */
export function matchContact(text: string, contacts: readonly ContactCandidate[]): ContactMatch | null {
  const normalized = normalize(text);
  for (const contact of contacts) {
    // A first name alone ("Anna") would match every Anna in the news.
    if (/\s/.test(contact.name.trim()) && containsPhrase(normalized, contact.name)) {
      return { contact, on: 'name', label: contact.name };
    }
  }
  for (const contact of contacts) {
    if (contact.company && containsPhrase(normalized, contact.company)) {
      return { contact, on: 'company', label: contact.company };
    }
  }
  return null;
}

/** Key messages are sentences; only short ones read as a phrase that news would contain. */
const MAX_KEY_MESSAGE_WORDS = 4;

/** The active persona's themes as phrases: expertise areas and short key messages. */
export function personaPhrases(
  persona: Pick<Persona, 'expertiseAreas' | 'highConceptKeyMessages'> | null,
): string[] {
  if (!persona) return [];
  const short = persona.highConceptKeyMessages.filter(
    (message) => message.trim().split(/\s+/).length <= MAX_KEY_MESSAGE_WORDS,
  );
  return [...persona.expertiseAreas, ...short].map((phrase) => phrase.trim()).filter(Boolean);
}

/**
 * The themes a content plan writes about, in the order it takes them round-robin: the brand
 * content themes, then the content strategy's entries, then the expertise areas.
 */
export function contentThemes(
  persona: Pick<Persona, 'brandContentThemes' | 'highConceptContentStrategy' | 'expertiseAreas'> | null,
): string[] {
  if (!persona) return [];
  const strategy = Object.entries(persona.highConceptContentStrategy).map(([key, value]) =>
    value.trim() ? value.trim() : key.trim(),
  );
  const seen = new Set<string>();
  return [...persona.brandContentThemes, ...strategy, ...persona.expertiseAreas]
    .map((theme) => theme.trim())
    .filter((theme) => {
      const key = normalize(theme);
      if (!theme || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Words in a subreddit's rules that mean it does not want promotion. */
const PROMOTION_RULE =
  /self[\s-]?promo|promot|advertis|\bads?\b|spam|affiliate|referral|solicit|marketing|no links|link[\s-]?drop/i;

/**
 * Whether a comment would be welcome, from the subreddit's rules: the analysis says it in one
 * line, in the user's language (null rules: they could not be read).
 */
export function commentWelcome(
  subreddit: string,
  rules: ReadonlyArray<{ shortName: string; description: string }> | null,
  t: Texts,
): { welcome: boolean; statement: string; approach: string } {
  const community = `r/${subreddit}`;
  if (rules === null) {
    return {
      welcome: false,
      statement: t('signals.reddit.rulesUnread', { community }),
      approach: t('signals.reddit.rulesUnreadApproach'),
    };
  }
  const restricting = rules.find((rule) => PROMOTION_RULE.test(`${rule.shortName} ${rule.description}`));
  if (restricting) {
    return {
      welcome: false,
      statement: t('signals.reddit.promotionRisk', { community }),
      approach: t('signals.reddit.promotionRiskApproach', { rule: cutText(restricting.shortName, 120) }),
    };
  }
  return {
    welcome: true,
    statement: t('signals.reddit.welcome', { community }),
    approach: t('signals.reddit.welcomeApproach'),
  };
}
