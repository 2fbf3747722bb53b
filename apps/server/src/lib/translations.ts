import { interfaceLanguages, type InterfaceLanguage } from '@doppel/contracts';
import de from '../../../web/src/locales/de/twin.json';
import en from '../../../web/src/locales/en/twin.json';
import es from '../../../web/src/locales/es/twin.json';
import fr from '../../../web/src/locales/fr/twin.json';
import ru from '../../../web/src/locales/ru/twin.json';

/*
 * Texts the server writes for people to read — the offline engine's analysis, the titles and
 * summaries of tasks made from signals and campaigns (issue 20). They live with the web app's
 * translations (apps/web/src/locales/<language>/twin.json), where its dictionary tests check that
 * every language has every key and the same {{variables}}. Keys follow i18next's JSON format:
 * `{{name}}` is replaced by a value, and a key with `count` picks its plural form by the
 * language's own rules (Intl.PluralRules: `_one`, `_few`, `_many`, `_other`), so Russian says
 * "1 пост", "3 поста", "5 постов" without gluing words together.
 */

type Dictionary = { [key: string]: string | Dictionary };

const DICTIONARIES: Record<InterfaceLanguage, Dictionary> = { en, ru, fr, es, de };

/** The language texts are written in: one Doppel has a dictionary for, else English. */
export function textLanguage(language: string | null | undefined): InterfaceLanguage {
  const code = (language ?? '').slice(0, 2).toLowerCase();
  return interfaceLanguages.find((candidate) => candidate === code) ?? 'en';
}

function lookup(dictionary: Dictionary, key: string): string | undefined {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<InterfaceLanguage, Intl.PluralRules>();
function pluralCategory(language: InterfaceLanguage, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

export type TextValues = Record<string, string | number>;

/**
 * The text of `key` in `language` with `values` put in; a key missing there falls back to
 * English, and one missing everywhere is a bug (it throws, so tests catch it).
 */
export function translate(language: InterfaceLanguage, key: string, values: TextValues = {}): string {
  const template = find(language, key, values) ?? find('en', key, values);
  if (template === undefined) throw new Error(`No text for ${key}`);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

function find(language: InterfaceLanguage, key: string, values: TextValues): string | undefined {
  const dictionary = DICTIONARIES[language];
  if (typeof values.count === 'number') {
    const plural = lookup(dictionary, `${key}_${pluralCategory(language, values.count)}`);
    if (plural !== undefined) return plural;
    const other = lookup(dictionary, `${key}_other`);
    if (other !== undefined) return other;
  }
  return lookup(dictionary, key);
}

/** Texts of one language: `t(key, values)`. */
export type Texts = (key: string, values?: TextValues) => string;

/** `translate` bound to one language. */
export function textsIn(language: string | null | undefined): Texts {
  const chosen = textLanguage(language);
  return (key, values) => translate(chosen, key, values);
}
