import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/*
 * Language detection through ELD, the Efficient Language Detector (docs/decisions/035): n-gram
 * statistics of 60 languages, pure JavaScript, its extra-small database. It answers the ISO 639-1
 * code of any language it knows, not only the five Doppel writes in (writing-language.ts maps the
 * others to English). Meant for messages of a sentence or more: very short text, text mostly
 * made of names, numbers or links, and text the detector is unsure of is null, and callers keep
 * what they knew (the contact's language).
 */

/** Fewer words than this is too little to tell a language by ("ok", "Thanks!", "Slack Telegram"). */
const MIN_WORDS = 3;
/**
 * Latin-script languages share most n-grams: the best one must lead the next by this much of the
 * detector's score (0 to 1), or the text is undecided ("Hello bonjour hola"). Measured on the
 * labelled set: every sentence of five words or more leads by 0.04 or more.
 */
const MIN_LATIN_LEAD = 0.03;
/** How much of a long text (a document) is read: its language shows long before the end. */
const SAMPLE_CHARS = 3000;

interface Eld {
  detect(text: string): { language: string; getScores(): Record<string, number> };
}

let loaded: Eld | undefined;

/**
 * The detector, loaded on first use: its database takes half a second and some 90 MB to load,
 * which a starting server, and a process that never detects, should not pay (decision 030). ELD
 * is an ES module only; Node (22.12 and later) requires an ES module synchronously, so detection
 * stays a plain function call.
 */
function detector(): Eld {
  if (!loaded) {
    const entry = fileURLToPath(import.meta.resolve('eld/extrasmall'));
    loaded = (createRequire(import.meta.url)(entry) as { eld: Eld }).eld;
  }
  return loaded;
}

/** Links, addresses, handles and numbers say nothing about the language around them. */
const NOISE = /(?:https?:\/\/|www\.)\S+|\S+@\S+\.\S+|[@#][\p{L}\p{N}_.]+|\p{N}+/gu;
const WORD = /\p{L}+(?:['’-]\p{L}+)*/gu;
const LATIN = /\p{Script=Latin}/gu;
const CYRILLIC = /\p{Script=Cyrillic}/gu;

/**
 * The alphabets of the Cyrillic languages ELD knows. Their n-gram scores are close (Russian,
 * Ukrainian, Belarusian, Bulgarian and Serbian share most words' shapes); a letter a language does
 * not have rules it out: «ы» is not Ukrainian, «ї» is not Russian.
 */
const CYRILLIC_ALPHABETS: Readonly<Record<string, string>> = {
  ru: 'абвгдеёжзийклмнопрстуфхцчшщъыьэюя',
  uk: 'абвгґдеєжзиіїйклмнопрстуфхцчшщьюя',
  be: 'абвгдеёжзійклмнопрстуўфхцчшыьэюя',
  bg: 'абвгдежзийклмнопрстуфхцчшщъьюя',
  sr: 'абвгдђежзијклљмнњопрстћуфхцчџш',
};

/**
 * Letters a sentence in the language almost always has and its neighbours lack: Serbian «ј» (as
 * in «је», is), «љ», «њ»… Without one, a short Russian sentence is not taken for Serbian. (Ukrainian
 * needs none: a short Ukrainian sentence without «і» is common, and «ы» or «э» already rule
 * Ukrainian out of a Russian one.)
 */
const CYRILLIC_MARKERS: Readonly<Record<string, string>> = { sr: 'ђјљњћџ' };

/**
 * Whether the text's Cyrillic letters fit the language: all in its alphabet, and one of its
 * markers among them when it has markers. Other languages always fit.
 */
function fits(language: string, cyrillicLetters: ReadonlySet<string>): boolean {
  const alphabet = CYRILLIC_ALPHABETS[language];
  if (!alphabet) return true;
  for (const letter of cyrillicLetters) if (!alphabet.includes(letter)) return false;
  const markers = CYRILLIC_MARKERS[language];
  return !markers || [...markers].some((marker) => cyrillicLetters.has(marker));
}

/** The ISO 639-1 code of the language a text is written in, or null when it cannot tell. */
export function detectLanguage(text: string): string | null {
  const clean = text.slice(0, SAMPLE_CHARS).replace(NOISE, ' ');
  if ((clean.match(WORD) ?? []).length < MIN_WORDS) return null;

  const cyrillicLetters = clean.toLowerCase().match(CYRILLIC) ?? [];
  const mainlyLatin = (clean.match(LATIN) ?? []).length > cyrillicLetters.length;
  const mainlyCyrillic = !mainlyLatin && cyrillicLetters.length > 0;
  const letters = new Set(cyrillicLetters);
  const [best, next] = Object.entries(detector().detect(clean).getScores())
    .filter(([language]) => fits(language, letters))
    .sort(([, a], [, b]) => b - a);
  if (!best) return null;
  const [language, score] = best;

  // The language is written in the text's main script: a Russian word among English ones does
  // not make the text Russian, nor English brand names a Russian text English.
  const cyrillicLanguage = language in CYRILLIC_ALPHABETS;
  if (mainlyCyrillic !== cyrillicLanguage && (mainlyCyrillic || mainlyLatin)) return null;
  if (mainlyLatin && score - (next?.[1] ?? 0) < MIN_LATIN_LEAD) return null;
  return language;
}
