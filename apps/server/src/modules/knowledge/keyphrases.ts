import { stemmer as englishStem } from '@orama/stemmers/english';
import { stemmer as frenchStem } from '@orama/stemmers/french';
import { stemmer as germanStem } from '@orama/stemmers/german';
import { stemmer as russianStem } from '@orama/stemmers/russian';
import { stemmer as spanishStem } from '@orama/stemmers/spanish';
import { STOP_WORDS } from './stopwords';

/*
 * A document's key phrases without a language model (docs/decisions/047), in the manner of RAKE
 * and YAKE. Candidates are runs of one to three words between stop words, punctuation and line
 * ends (a linking "of" / «de» may stand inside: "commercial de garde"). Word forms count as one
 * through the language's Snowball stemmer, the algorithm PostgreSQL's text-search configuration
 * of the language stems with. A word weighs what its occurrences weigh: more in the title and
 * headings, and early on. A phrase scores its words' weight within it, and a little of their
 * weight elsewhere; one that recurs, or stands in the title or a heading, takes the place of its
 * word ("pilot pricing" for "pilot"). At most five, none inside another.
 */

export const TOPIC_LANGUAGES = ['en', 'ru', 'fr', 'es', 'de'] as const;
type TopicLanguage = (typeof TOPIC_LANGUAGES)[number];

const STEMMERS: Record<TopicLanguage, (word: string) => string> = {
  en: englishStem,
  ru: russianStem,
  fr: frenchStem,
  es: spanishStem,
  de: germanStem,
};

/** Stop words that may join two words into one phrase ("cost of sales", «taux de conversion»). */
const LINKS: Record<TopicLanguage, ReadonlySet<string>> = {
  en: new Set(['of']),
  ru: new Set(),
  fr: new Set(['de', 'du', 'des']),
  es: new Set(['de', 'del']),
  de: new Set(),
};

export const MAX_TOPICS = 5;
/** Words of a phrase, a linking word counted. */
const MAX_PHRASE_WORDS = 3;
/** A title or heading says what the text is about: its words weigh this much more. */
const TITLE_WEIGHT = 2;
const HEADING_WEIGHT = 2;
/** The first words weigh up to half as much again, fading over about EARLY_WORDS words. */
const EARLY_BONUS = 0.5;
const EARLY_WORDS = 40;
/** A phrase also earns this share of its words' weight outside it. */
const OTHER_USE_CREDIT = 0.25;
/** Words that stand together once only may be chance neighbours: their phrase counts less. */
const ONCE_FACTOR = 0.75;
/**
 * A phrase takes the place of a word chosen before it when it is marked (title, heading) or
 * holds at least this share of the word's weight ("seed round" for "seed").
 */
const REPLACE_SHARE = 1 / 3;

/** A word of the text: letters and digits, with inner apostrophes, hyphens and periods. */
const TOKEN = /[\p{L}\p{N}]+(?:['\-.][\p{L}\p{N}]+)*/gu;
/** Anything but spaces and quotes between two words ends a phrase. */
const PHRASE_BREAK = /[^\s"'“”„«»‘]/u;
/** Before a sentence's first word, whose capital is the sentence's, not the word's. */
const SENTENCE_END = /[.!?…:;•]/u;
/** French and Italian elision: "l'équipe", "d'affaires", "qu'il". */
const ELISION = /^(?:l|d|j|m|n|s|t|c|qu|jusqu|lorsqu|puisqu|quoiqu)'(?=\p{L}{2})/u;
const POSSESSIVE = /'s?$/u;
const HAS_LETTER = /\p{L}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const ACRONYM = /^\p{Lu}[\p{Lu}\p{N}]+$/u;
const CAPITAL = /^\p{Lu}/u;
const HEADING_LINE = /^#{1,6}\s+/;
const LIST_MARKER = /^(?:[-*+•>]|\d+[.)])\s+/;
const UPLOAD_EXTENSION = /\.\w{1,5}$/;

type Region = 'title' | 'heading' | 'body';

/** A word of a run: a content word, or a linking word inside a phrase. */
interface RunWord {
  /** The stem; a linking word's own form. */
  key: string;
  /** The key's number, for counting phrases without building strings. */
  id: number;
  link: boolean;
  /** Where the word stands in its unit's text, without an elided article or a possessive. */
  start: number;
  end: number;
}

interface PhraseNode {
  phrase: Phrase | undefined;
  next: Map<number, PhraseNode> | undefined;
}

interface Phrase {
  /** The content words' stems. */
  stems: string[];
  /** Its words, a linking word counted. */
  words: number;
  /** Occurrences, each weighted by where it stands. */
  weight: number;
  count: number;
  /** Seen in the title or a heading. */
  marked: boolean;
  /** Seen outside the title. */
  inBody: boolean;
  /** The order it was first seen in: among equals the earlier comes first. */
  first: number;
  /** The first way it was written (lower case), and how often it was written so. */
  form: string;
  formCount: number;
  /** Each other way it was written, and how often: most phrases have none. */
  otherForms?: Map<string, number>;
}

export interface Keyphrase {
  /** The commonest way it is written: lower case but for names, acronyms and German nouns. */
  text: string;
  stems: string[];
}

const normalise = (text: string) => text.replace(/’/g, "'");

/** The commonest form; among equals the shortest ("start" before "starts"), then the first. */
function mostCommon(forms: Map<string, number>): string {
  return [...forms].reduce((best, entry) =>
    entry[1] > best[1] || (entry[1] === best[1] && entry[0].length < best[0].length) ? entry : best,
  )[0];
}

/** How a phrase is written most often, in lower case and single spaces. */
function commonestForm(phrase: Phrase): string {
  const forms = new Map(phrase.otherForms);
  const first = phrase.form.replace(/\s+/g, ' ');
  forms.set(first, (forms.get(first) ?? 0) + phrase.formCount);
  return mostCommon(forms);
}

/**
 * The language whose stop words the text uses most (among the five), for a text of no known
 * language: "the" and "and" make English, «и» and «не» Russian.
 */
function guessLanguage(text: string): TopicLanguage {
  const counts = new Map<TopicLanguage, number>();
  for (const [token] of text.slice(0, 5000).matchAll(TOKEN)) {
    const lower = normalise(token).toLowerCase();
    for (const language of TOPIC_LANGUAGES) {
      if (STOP_WORDS[language]!.has(lower)) counts.set(language, (counts.get(language) ?? 0) + 1);
    }
  }
  return [...counts].reduce<[TopicLanguage, number]>(
    (best, entry) => (entry[1] > best[1] ? entry : best),
    ['en', 0],
  )[0];
}

/** The document's language if it is one of the five, else the one its stop words say. */
export function topicLanguage(text: string, language?: string | null): TopicLanguage {
  const code = language?.slice(0, 2).toLowerCase();
  return TOPIC_LANGUAGES.find((known) => known === code) ?? guessLanguage(text);
}

/**
 * How the words of one text are read: the stop words of its language and English's (mixed
 * text), and its stemmer (English's for Latin words in a Russian text, Russian's for Cyrillic
 * ones elsewhere), each word stemmed once.
 */
class WordReader {
  private readonly stopWords: ReadonlySet<string>[];
  private readonly stems = new Map<string, string>();

  constructor(readonly language: TopicLanguage) {
    this.stopWords = language === 'en' ? [STOP_WORDS.en!] : [STOP_WORDS[language]!, STOP_WORDS.en!];
  }

  isStopWord(lower: string): boolean {
    return this.stopWords.some((list) => list.has(lower));
  }

  isLink(lower: string): boolean {
    return LINKS[this.language].has(lower);
  }

  /** A word's own form: without an elided article or a possessive "'s"; null for a stop word. */
  contentForm(lower: string): string | null {
    if (this.isStopWord(lower)) return null;
    const bare = lower.replace(ELISION, '').replace(POSSESSIVE, '');
    return bare === lower || !this.isStopWord(bare) ? bare : null;
  }

  stem(bare: string): string {
    let stem = this.stems.get(bare);
    if (stem === undefined) {
      const language = CYRILLIC.test(bare) ? 'ru' : this.language === 'ru' ? 'en' : this.language;
      stem = STEMMERS[language](bare);
      this.stems.set(bare, stem);
    }
    return stem;
  }
}

/** Long enough to mean something: three letters, or an acronym ("AI", "HR") or code ("B2B"). */
function meaningful(written: string, bare: string): boolean {
  if (!HAS_LETTER.test(bare)) return false;
  return bare.length >= 3 || ACRONYM.test(written);
}

/** Counts a text's words and phrases, unit by unit (the title, a heading, a line). */
class PhraseCounter {
  /** Each stem's weight. */
  readonly words = new Map<string, number>();
  /** Every phrase, in the order first seen. */
  readonly phrases: Phrase[] = [];
  /** Phrases by their words' ids, word by word: "seed" → "round" → "investors". */
  private readonly tree = new Map<number, PhraseNode>();
  private readonly ids = new Map<string, number>();
  /** How each word was written mid-sentence (its capital means something there)… */
  private readonly midForms = new Map<string, Map<string, number>>();
  /** …and at the start of a sentence or in the title. */
  private readonly initialForms = new Map<string, Map<string, number>>();
  private position = 0;

  constructor(readonly reader: WordReader) {}

  unit(raw: string, region: Region): void {
    const text = normalise(raw);
    let run: RunWord[] = [];
    let previousEnd = 0;
    let sentenceStart = true;
    const end = () => {
      this.addRun(run, text, region);
      run = [];
    };
    for (const match of text.matchAll(TOKEN)) {
      const written = match[0];
      const gap = text.slice(previousEnd, match.index);
      previousEnd = match.index + written.length;
      if (PHRASE_BREAK.test(gap)) end();
      if (SENTENCE_END.test(gap)) sentenceStart = true;
      const initial = sentenceStart || region === 'title';
      sentenceStart = false;
      const lower = written.toLowerCase();
      const bare = this.reader.contentForm(lower);
      if (bare === null || !meaningful(written, bare)) {
        const linking = bare === null && run.length > 0 && !run.at(-1)!.link && this.reader.isLink(lower);
        const at = { start: match.index, end: previousEnd };
        if (linking) run.push({ key: lower, id: this.idOf(`/${lower}`), link: true, ...at });
        else end();
        continue;
      }
      const start = match.index + lower.indexOf(bare);
      this.noteWritten(bare, text.slice(start, start + bare.length), initial);
      const key = this.reader.stem(bare);
      run.push({ key, id: this.idOf(key), link: false, start, end: start + bare.length });
    }
    end();
  }

  /**
   * How a word is shown: as it is written mid-sentence most often (a name, "Telegram"; German
   * nouns); an acronym as written; otherwise in lower case, but a German word seen only at the
   * start of sentences keeps its capital (the words of German topics are mostly nouns).
   */
  shown(bare: string): string {
    const mid = this.midForms.get(bare);
    if (mid) return mostCommon(mid);
    const initial = this.initialForms.get(bare);
    const written = initial ? mostCommon(initial) : bare;
    return ACRONYM.test(written) || this.reader.language === 'de' ? written : bare;
  }

  /** A phrase as shown: its commonest form, each word cased as shown(). */
  display(phrase: Phrase): string {
    return commonestForm(phrase).replace(TOKEN, (token) => {
      const bare = this.reader.contentForm(token);
      if (!bare) return token;
      const at = token.indexOf(bare);
      return token.slice(0, at) + this.shown(bare) + token.slice(at + bare.length);
    });
  }

  private noteWritten(bare: string, written: string, initial: boolean): void {
    const all = initial ? this.initialForms : this.midForms;
    const forms = all.get(bare) ?? new Map<string, number>();
    forms.set(written, (forms.get(written) ?? 0) + 1);
    all.set(bare, forms);
  }

  /** The one-word phrase of a stem. */
  single(stem: string): Phrase | undefined {
    const id = this.ids.get(stem);
    return id === undefined ? undefined : this.tree.get(id)?.phrase;
  }

  private idOf(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(key, id);
    }
    return id;
  }

  private addRun(run: RunWord[], text: string, region: Region): void {
    const regionWeight = region === 'title' ? TITLE_WEIGHT : region === 'heading' ? HEADING_WEIGHT : 1;
    for (let start = 0; start < run.length; start++) {
      const word = run[start]!;
      if (word.link) continue;
      const weight = regionWeight * (1 + EARLY_BONUS / (1 + this.position / EARLY_WORDS));
      if (region !== 'title') this.position += 1;
      this.words.set(word.key, (this.words.get(word.key) ?? 0) + weight);
      let level = this.tree;
      const last = Math.min(run.length, start + MAX_PHRASE_WORDS) - 1;
      for (let end = start; end <= last; end++) {
        let node = level.get(run[end]!.id);
        if (!node) {
          node = { phrase: undefined, next: undefined };
          level.set(run[end]!.id, node);
        }
        // A phrase ends with a content word, as it starts with one.
        if (!run[end]!.link) this.addPhrase(node, run, start, end, text, region, weight);
        if (end < last) level = node.next ??= new Map<number, PhraseNode>();
      }
    }
  }

  private addPhrase(
    node: PhraseNode,
    run: RunWord[],
    start: number,
    end: number,
    text: string,
    region: Region,
    weight: number,
  ): void {
    const form = text.slice(run[start]!.start, run[end]!.end).toLowerCase();
    let phrase = node.phrase;
    if (!phrase) {
      const words = run.slice(start, end + 1);
      phrase = {
        stems: words.filter((word) => !word.link).map((word) => word.key),
        words: words.length,
        weight: 0,
        count: 0,
        marked: false,
        inBody: false,
        first: this.phrases.length,
        form,
        formCount: 0,
        otherForms: undefined,
      };
      node.phrase = phrase;
      this.phrases.push(phrase);
    }
    phrase.weight += weight;
    phrase.count += 1;
    if (region !== 'body') phrase.marked = true;
    if (region !== 'title') phrase.inBody = true;
    // Most phrases are written one way only: the first form is kept as it is, others counted.
    if (form === phrase.form) phrase.formCount += 1;
    else {
      const other = form.replace(/\s+/g, ' ');
      (phrase.otherForms ??= new Map()).set(other, (phrase.otherForms.get(other) ?? 0) + 1);
    }
  }
}

export interface KeyphraseOptions {
  /** The document's name: its words weigh more (an upload's file extension is not a word). */
  title?: string;
  /** ISO 639-1; when unknown (or not one of the five) the text's stop words tell. */
  language?: string | null;
  howMany?: number;
}

function countPhrases(text: string, { title, language }: KeyphraseOptions): PhraseCounter {
  const counter = new PhraseCounter(new WordReader(topicLanguage(`${title ?? ''}\n${text}`, language)));
  if (title) counter.unit(title.replace(UPLOAD_EXTENSION, '').replace(/_+/g, ' '), 'title');
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = HEADING_LINE.test(line);
    counter.unit(line.replace(HEADING_LINE, '').replace(LIST_MARKER, ''), heading ? 'heading' : 'body');
  }
  return counter;
}

interface Candidate extends Phrase {
  score: number;
}

const recurs = (phrase: Phrase) => phrase.count >= 2 || phrase.marked;

function candidates(counter: PhraseCounter): Candidate[] {
  const wordWeight = (stem: string) => counter.words.get(stem) ?? 0;
  const inBody = (stem: string) => counter.single(stem)?.inBody ?? false;
  const hasBody = [...counter.words.keys()].some(inBody);
  const found: Candidate[] = [];
  for (const phrase of counter.phrases) {
    // Three words are a phrase only when they recur; a title's words only with the text's.
    if (phrase.words === MAX_PHRASE_WORDS && phrase.count < 2) continue;
    if (hasBody && !phrase.stems.some(inBody)) continue;
    const own =
      phrase.stems.length * phrase.weight * (phrase.stems.length > 1 && !recurs(phrase) ? ONCE_FACTOR : 1);
    const elsewhere = phrase.stems.reduce((sum, stem) => sum + wordWeight(stem) - phrase.weight, 0);
    found.push({ ...phrase, score: own + OTHER_USE_CREDIT * elsewhere });
  }
  return found.sort(
    (a, b) => b.score - a.score || b.count - a.count || a.words - b.words || a.first - b.first,
  );
}

/**
 * Whether a phrase may join the chosen ones that share a word with it: it replaces single words
 * it says more than (marked, or recurring with a good share of their weight); two recurring
 * phrases may share one word, and no more ("kickoff call", "review call").
 */
function fits(candidate: Candidate, overlapping: Candidate[]): 'add' | 'replace' | 'skip' {
  if (overlapping.length === 0) return 'add';
  if (candidate.stems.length === 1) return 'skip';
  const saysMore = (word: Candidate) =>
    word.stems.length === 1 &&
    (candidate.marked || (candidate.count >= 2 && candidate.weight >= REPLACE_SHARE * word.weight));
  if (overlapping.every(saysMore)) return 'replace';
  const shared = (other: Candidate) => other.stems.filter((stem) => candidate.stems.includes(stem)).length;
  const apart = (other: Candidate) => other.stems.length > 1 && other.count >= 2 && shared(other) === 1;
  return candidate.count >= 2 && overlapping.every(apart) ? 'add' : 'skip';
}

/**
 * The best candidates in order, at most `howMany`; `acceptable` rules a candidate out (a German
 * one that does not end with a noun).
 */
function choose(found: Candidate[], howMany: number, acceptable: (phrase: Candidate) => boolean) {
  const chosen: Candidate[] = [];
  for (const candidate of found) {
    if (chosen.length >= howMany) break;
    if (!acceptable(candidate)) continue;
    const overlapping = chosen.filter((other) => other.stems.some((stem) => candidate.stems.includes(stem)));
    const fit = fits(candidate, overlapping);
    if (fit === 'add') chosen.push(candidate);
    if (fit === 'replace') {
      chosen.splice(chosen.indexOf(overlapping[0]!), 1, candidate);
      for (const word of overlapping.slice(1)) chosen.splice(chosen.indexOf(word), 1);
    }
  }
  return chosen;
}

/**
 * The text's key phrases, best first: at most `howMany` (5) of one to three words, none a stop
 * word nor starting or ending with one, word forms counted as one.
 */
export function extractKeyphrases(text: string, options: KeyphraseOptions = {}): Keyphrase[] {
  const counter = countPhrases(text, options);
  const shown = new Map<Candidate, string>();
  const display = (phrase: Candidate) => {
    if (!shown.has(phrase)) shown.set(phrase, counter.display(phrase));
    return shown.get(phrase)!;
  };
  // German writes its nouns with a capital, and a German key phrase ends with a noun.
  const acceptable =
    counter.reader.language === 'de'
      ? (phrase: Candidate) => CAPITAL.test(display(phrase).split(' ').at(-1)!)
      : () => true;
  return choose(candidates(counter), options.howMany ?? MAX_TOPICS, acceptable).map((phrase) => ({
    text: display(phrase),
    stems: phrase.stems,
  }));
}

/**
 * The text's weightiest single words (no phrases), each in its commonest form: what a search
 * for what the text is about looks for.
 */
export function keywords(text: string, options: KeyphraseOptions = {}): string[] {
  const counter = countPhrases(text, options);
  return [...counter.words]
    .sort((a, b) => b[1] - a[1])
    .slice(0, options.howMany ?? MAX_TOPICS)
    .map(([stem]) => commonestForm(counter.single(stem)!));
}

/**
 * Reads the stems of a text's sentences, stop words left out, to tell which topics a sentence
 * names: one reader (and one stem cache) for all the text's sentences.
 */
export function stemReader(text: string, language: string | null | undefined): (part: string) => Set<string> {
  const reader = new WordReader(topicLanguage(text, language));
  return (part) => {
    const stems = new Set<string>();
    for (const [token] of normalise(part).matchAll(TOKEN)) {
      const bare = reader.contentForm(token.toLowerCase());
      if (bare) stems.add(reader.stem(bare));
    }
    return stems;
  };
}
