import type { TemplateLanguage } from '@doppel/contracts';

/*
 * Offline language detection for the five languages Doppel writes in. Cyrillic text is
 * Russian; Latin text is scored by frequent short words and language-specific letters. It is
 * meant for messages of a sentence or more; very short or mixed text falls back to null, and
 * callers keep the contact's known language then.
 */

const STOPWORDS: Record<Exclude<TemplateLanguage, 'ru'>, readonly string[]> = {
  en: [
    'the',
    'and',
    'you',
    'is',
    'are',
    'we',
    'to',
    'of',
    'for',
    'with',
    'can',
    'could',
    'would',
    'this',
    'that',
    'hi',
    'thanks',
    'next',
    'week',
    'our',
    'your',
    'what',
    'how',
  ],
  fr: [
    'le',
    'la',
    'les',
    'et',
    'vous',
    'nous',
    'est',
    'une',
    'des',
    'pour',
    'avec',
    'pas',
    'que',
    'qui',
    'sur',
    'dans',
    'bonjour',
    'merci',
    'votre',
    'notre',
    'semaine',
    'pourriez',
  ],
  es: [
    'el',
    'la',
    'los',
    'las',
    'y',
    'que',
    'es',
    'una',
    'para',
    'con',
    'por',
    'del',
    'hola',
    'gracias',
    'podemos',
    'nuestro',
    'vuestro',
    'semana',
    'cuando',
    'puedes',
    'tu',
    'muy',
  ],
  de: [
    'der',
    'die',
    'das',
    'und',
    'ist',
    'wir',
    'sie',
    'nicht',
    'mit',
    'für',
    'ein',
    'eine',
    'den',
    'dem',
    'hallo',
    'danke',
    'können',
    'könnten',
    'woche',
    'ihr',
    'ihre',
    'nächste',
    'auch',
  ],
};

const LETTERS: Record<Exclude<TemplateLanguage, 'ru'>, RegExp> = {
  en: /(?!)/g,
  fr: /[àâçéèêëîïôœùûü]/g,
  es: /[áéíóúñ¿¡]/g,
  de: /[äöüß]/g,
};

/** The language a text is written in, or null when it cannot tell. */
export function detectLanguage(text: string): TemplateLanguage | null {
  const cyrillic = (text.match(/[\u0400-\u04FF]/g) ?? []).length;
  const latin = (text.match(/[A-Za-zÀ-ÿ]/g) ?? []).length;
  if (cyrillic + latin < 3) return null;
  if (cyrillic > latin) return 'ru';

  const words = text.toLowerCase().match(/[a-zà-ÿß]+/g) ?? [];
  const scores = (Object.keys(STOPWORDS) as Array<keyof typeof STOPWORDS>).map((language) => {
    const vocabulary = new Set(STOPWORDS[language]);
    const wordHits = words.filter((word) => vocabulary.has(word)).length;
    const letterHits = (text.toLowerCase().match(LETTERS[language]) ?? []).length;
    return { language, score: wordHits * 2 + letterHits };
  });
  scores.sort((a, b) => b.score - a.score);
  const [best, second] = scores;
  if (!best || best.score === 0 || best.score === second?.score) return null;
  return best.language;
}
