import { interfaceLanguages, type InterfaceLanguage } from '@doppel/contracts';
import deDemo from '../../../web/src/locales/de/demo.json';
import de from '../../../web/src/locales/de/twin.json';
import enDemo from '../../../web/src/locales/en/demo.json';
import en from '../../../web/src/locales/en/twin.json';
import esDemo from '../../../web/src/locales/es/demo.json';
import es from '../../../web/src/locales/es/twin.json';
import frDemo from '../../../web/src/locales/fr/demo.json';
import fr from '../../../web/src/locales/fr/twin.json';
import ruDemo from '../../../web/src/locales/ru/demo.json';
import ru from '../../../web/src/locales/ru/twin.json';

/*
 * Texts the server writes for people to read — the offline engine's analysis, the titles and
 * summaries of tasks made from signals and campaigns (issue 20), the demo sandbox's sample data.
 * They live with the web app's translations (apps/web/src/locales/<language>/<namespace>.json,
 * the namespaces in SERVER_NAMESPACES), where its dictionary tests check that every language has
 * every key and the same {{variables}}. Keys follow i18next's JSON format:
 * `{{name}}` is replaced by a value, and a key with `count` picks its plural form by the
 * language's own rules (Intl.PluralRules: `_one`, `_few`, `_many`, `_other`), so Russian says
 * "1 пост", "3 поста", "5 постов" without gluing words together.
 */

type Dictionary = { [key: string]: string | Dictionary };

/**
 * The server's namespaces: `twin`, the twin's own texts (the default, as most callers write
 * those), and `demo`, the demo sandbox's sample data (modules/demo and the seeders it calls).
 */
const NAMESPACES = {
  twin: { en, ru, fr, es, de },
  demo: { en: enDemo, ru: ruDemo, fr: frDemo, es: esDemo, de: deDemo },
} satisfies Record<string, Record<InterfaceLanguage, Dictionary>>;

export type TextNamespace = keyof typeof NAMESPACES;

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
 * The text of `key` in `language` (from the twin's texts unless `namespace` says otherwise) with
 * `values` put in; a key missing there falls back to English, and one missing everywhere is a
 * bug (it throws, so tests catch it).
 */
export function translate(
  language: InterfaceLanguage,
  key: string,
  values: TextValues = {},
  namespace: TextNamespace = 'twin',
): string {
  const dictionaries: Record<InterfaceLanguage, Dictionary> = NAMESPACES[namespace];
  const template =
    find(dictionaries[language], language, key, values) ?? find(dictionaries.en, 'en', key, values);
  if (template === undefined) throw new Error(`No text for ${namespace}:${key}`);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

function find(
  dictionary: Dictionary,
  language: InterfaceLanguage,
  key: string,
  values: TextValues,
): string | undefined {
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

/** `translate` bound to one language and namespace (the twin's texts unless told otherwise). */
export function textsIn(language: string | null | undefined, namespace: TextNamespace = 'twin'): Texts {
  const chosen = textLanguage(language);
  return (key, values) => translate(chosen, key, values, namespace);
}
