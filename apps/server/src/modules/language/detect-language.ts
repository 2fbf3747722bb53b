import type { TemplateLanguage } from '@doppel/contracts';

/*
 * Offline language detection for the five languages Doppel writes in. Cyrillic text is
 * Russian; Latin text is scored by frequent short words and language-specific letters. It is
 * meant for messages of a sentence or more; very short or mixed text falls back to null, and
 * callers keep the contact's known language then.
 */

/*
 * Frequent words of each language. A word two languages share either counts for both ("la",
 * French and Spanish) or, where it would decide between them, for neither: "que" (French and
 * Spanish), "es" (Spanish "is", German "it"), "nos" (French and Spanish) are left out, so short
 * texts are neither tied nor claimed by the wrong language.
 */
const STOPWORDS: Record<Exclude<TemplateLanguage, 'ru'>, readonly string[]> = {
  en: [
    ...['the', 'and', 'you', 'is', 'are', 'we', 'to', 'of', 'for', 'with', 'can', 'could', 'would'],
    ...['this', 'that', 'hi', 'thanks', 'next', 'week', 'our', 'your', 'what', 'how', 'should'],
    ...['like', 'it', 'be', 'will', 'have', 'from', 'they', 'about', 'my', 'just'],
  ],
  fr: [
    ...['le', 'la', 'les', 'et', 'vous', 'nous', 'est', 'une', 'des', 'pour', 'avec', 'pas', 'qui'],
    ...['sur', 'dans', 'bonjour', 'merci', 'votre', 'notre', 'semaine', 'pourriez', 'vos'],
    ...['aussi', 'comme', 'mais', 'cette', 'ce', 'sont', 'au', 'aux', 'très', 'doit', 'peut'],
  ],
  es: [
    ...['el', 'la', 'los', 'las', 'y', 'una', 'para', 'con', 'por', 'del', 'hola', 'gracias'],
    ...['podemos', 'nuestro', 'vuestro', 'semana', 'cuando', 'puedes', 'tu', 'muy', 'como', 'pero'],
    ...['ahora', 'lo', 'al', 'su', 'sus', 'tus', 'este', 'esta', 'tan', 'debe', 'hemos', 'está'],
  ],
  de: [
    ...['der', 'die', 'das', 'und', 'ist', 'wir', 'sie', 'nicht', 'mit', 'für', 'ein', 'eine', 'den'],
    ...['dem', 'hallo', 'danke', 'können', 'könnten', 'woche', 'ihr', 'ihre', 'nächste', 'auch'],
    ...['wie', 'ihnen', 'ich', 'guten', 'bitte', 'sich', 'zu', 'auf', 'noch', 'wird', 'haben'],
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
