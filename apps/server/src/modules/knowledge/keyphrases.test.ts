import { describe, expect, it } from 'vitest';
import keyphraseSet from './keyphrase-set.json';
import { extractKeyphrases, MAX_TOPICS, stemReader, TOPIC_LANGUAGES } from './keyphrases';
import { STOP_WORDS } from './stopwords';
import { aboutQuery, analyseText } from './text-analysis';

interface Labelled {
  language: string;
  title: string;
  text: string;
  expected: string[];
}
const documents: Labelled[] = keyphraseSet.documents;

/** A topic is the expected phrase in any of its words' forms ("финансовую модель"). */
function sameStems(topic: string[], expected: string, language: string): boolean {
  const wanted = stemReader(expected, language)(expected);
  return topic.length === wanted.size && topic.every((stem) => wanted.has(stem));
}

const wordsOf = (topic: string) => topic.toLowerCase().replace(/’/g, "'").split(/[\s]+/);

/** Stop words of the text's language and English's, and the issue's own examples. */
function stopWordIn(topic: string, language: string): string | undefined {
  const isStop = (word: string) =>
    STOP_WORDS[language]!.has(word) || STOP_WORDS.en!.has(word) || ['always', 'within', 'течение', 'стоит'].includes(word);
  const words = wordsOf(topic);
  if (words.every(isStop)) return topic;
  return [words[0]!, words.at(-1)!].find(isStop);
}

describe('key topics on the labelled set', () => {
  it('holds three or more documents in each of the five languages', () => {
    for (const language of TOPIC_LANGUAGES) {
      expect(
        documents.filter((document) => document.language === language).length,
        language,
      ).toBeGreaterThanOrEqual(3);
    }
  });

  for (const document of documents) {
    it(`${document.language}: “${document.title}” has its key phrases, at most five, no stop word`, () => {
      const topics = extractKeyphrases(document.text, { title: document.title, language: document.language });
      const shown = topics.map((topic) => topic.text);
      expect(topics.length).toBeGreaterThan(0);
      expect(topics.length).toBeLessThanOrEqual(MAX_TOPICS);
      for (const expected of document.expected) {
        expect(
          topics.some((topic) => sameStems(topic.stems, expected, document.language)),
          `${expected} among ${shown.join(', ')}`,
        ).toBe(true);
      }
      for (const topic of shown) {
        expect(stopWordIn(topic, document.language), topic).toBeUndefined();
        expect(wordsOf(topic).length, topic).toBeLessThanOrEqual(3);
        expect(topic, 'no numbers alone').toMatch(/\p{L}/u);
      }
      // Word forms are one topic: no two topics are the same words.
      const keys = topics.map((topic) => [...topic.stems].sort().join(' '));
      expect(new Set(keys).size).toBe(keys.length);
    });
  }
});

describe('key topics', () => {
  it('of the issue’s sample thought: “pilot pricing”, not “pilot, pilots, always”', () => {
    const sample = documents.find((document) => document.title === 'Pilot pricing rules')!;
    const topics = analyseText(sample.text, { title: sample.title }).index.topics;
    expect(topics[0]).toBe('pilot pricing');
    expect(topics).not.toContain('pilots');
    expect(topics).not.toContain('always');
  });

  it('of the issue’s sample article: “leads” and “answered” once each with their other forms, no “within”', () => {
    const sample = documents.find(
      (document) => document.title === 'Why founders should answer within a day',
    )!;
    const topics = analyseText(sample.text, { title: sample.title }).index.topics;
    expect(topics).not.toContain('within');
    expect(topics.filter((topic) => /\blead/.test(topic))).toHaveLength(1);
    expect(topics.filter((topic) => /\banswer/.test(topic))).toHaveLength(1);
    expect(topics).toContain('founders');
  });

  it('merge a word’s forms and show the commonest: «лиды» for «лид, лиды, лидов»', () => {
    const text = [
      'Лиды из рекламы приходят по понедельникам. Каждый лид получает ответ в течение часа.',
      'Из ста лидов до встречи доходят двенадцать; лиды с сайта доходят чаще.',
    ].join('\n\n');
    const topics = extractKeyphrases(text, { language: 'ru' });
    const leads = topics.filter((topic) => topic.stems.includes('лид'));
    expect(leads.map((topic) => topic.text)).toEqual(['лиды']);
  });

  it('keep names and acronyms as written, other words in lower case', () => {
    const text = [
      'Telegram is where most of our pilots start. A pilot in Telegram needs the bot token first.',
      'ARR from a pilot customer grows faster when the team connects Telegram groups; ARR per seat doubles.',
    ].join('\n\n');
    const topics = extractKeyphrases(text, { language: 'en' }).map((topic) => topic.text);
    expect(topics).toContain('Telegram');
    expect(topics).toContain('pilot');
    expect(topics).toContain('ARR');
  });

  it('keep a German noun’s capital and leave out phrases that end with a verb', () => {
    const sample = documents.find((document) => document.title === 'Die Seed-Runde vorbereiten')!;
    const topics = extractKeyphrases(sample.text, { title: sample.title, language: 'de' }).map((t) => t.text);
    expect(topics).toContain('Seed-Runde');
    for (const topic of topics) expect(topic.split(' ').at(-1), topic).toMatch(/^\p{Lu}/u);
  });

  it('of a text of no known language come from the language its stop words say', () => {
    const text =
      'Le modèle financier montre la croissance. Le modèle financier est clair et le marché aussi.';
    const topics = extractKeyphrases(text).map((topic) => topic.text);
    expect(topics).toContain('modèle financier');
    expect(topics.every((topic) => !stopWordIn(topic, 'fr'))).toBe(true);
  });
});

describe('a search for what a text is about', () => {
  it('asks for its meaningful words as written, one form each, no stop words and no phrases', () => {
    const query = aboutQuery(
      'Should the pilots start within a week? Our pilot always starts with a kickoff call.',
    );
    const terms = query!.split(' or ');
    expect(terms).toContain('pilot');
    expect(terms).toContain('start');
    expect(terms).not.toContain('pilots');
    expect(terms).not.toContain('within');
    expect(terms).not.toContain('always');
    for (const term of terms) expect(term).toMatch(/^[\p{L}\p{N}'-]+$/u);
  });

  it('is nothing for a text of stop words alone', () => {
    expect(aboutQuery('Is it always within the same?')).toBeNull();
  });
});
