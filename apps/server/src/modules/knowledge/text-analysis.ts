import { shortenText, safeCutIndex } from '../../lib/text';

/*
 * What the knowledge base derives from a document's text without a language model: passages
 * for search, key topics, an extractive summary and the quality score (rule in
 * docs/decisions/015-knowledge-base-search.md).
 */

import { detectLanguage } from '../language';

/** Passages are cut at paragraph ends up to about this many characters. */
const PASSAGE_TARGET = 700;
const PASSAGE_MAX = 1200;
const TOPIC_COUNT = 5;
const SUMMARY_MAX = 320;

/** Common words of the five languages that say nothing about a topic. */
const STOPWORDS = new Set(
  [
    ...'about after again also because been before being between both could does doing down during each from further have having here into itself just more most once only other over same should some such than that their them then there these they this those through under until very were what when where which while will with would your yours ours'.split(
      ' ',
    ),
    ...'этот этого этом были было быть будет когда который которые также только чтобы очень может можно после перед через более между всех свой своих наши ваши'.split(
      ' ',
    ),
    ...'dans pour avec mais comme cette sont être avoir nous vous leur leurs plus tout tous aussi très entre après avant'.split(
      ' ',
    ),
    ...'para como pero esta este estos estas porque sobre entre también donde cuando desde hasta todos nuestro vuestro'.split(
      ' ',
    ),
    ...'nicht eine einen einem einer sind wird werden haben auch oder aber wenn noch nach über unter zwischen durch dass diese dieser'.split(
      ' ',
    ),
  ].map((word) => word.toLowerCase()),
);

function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

export function sentences(text: string): string[] {
  return (text.replace(/\s+/g, ' ').match(/[^.!?…]+[.!?…]*/g) ?? [])
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** Cuts text into passages of whole paragraphs (whole sentences when a paragraph is long). */
export function splitPassages(text: string): string[] {
  const pieces = paragraphs(text).flatMap((paragraph) =>
    paragraph.length <= PASSAGE_MAX ? [paragraph] : sentences(paragraph),
  );
  const passages: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current && current.length + piece.length + 2 > PASSAGE_TARGET) {
      passages.push(current);
      current = '';
    }
    current = current ? `${current}\n\n${piece}` : piece;
    while (current.length > PASSAGE_MAX) {
      const cut = safeCutIndex(current, PASSAGE_MAX);
      passages.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  if (current) passages.push(current);
  return passages;
}

function words(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}[\p{L}\p{N}'-]*/gu) ?? []).filter(
    (word) => word.length >= 4 && !STOPWORDS.has(word),
  );
}

/** The most frequent meaningful words, first seen first among equals. */
export function keyTopics(text: string, howMany = TOPIC_COUNT): string[] {
  const counts = new Map<string, number>();
  for (const word of words(text)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, howMany)
    .map(([word]) => word);
}

/** Headings and list items read as sentences of their own, without their markers. */
function asProse(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const item = /^\s*(#{1,6}|[-*+•>]|\d+[.)])\s+(.*)$/.exec(line);
      if (!item) return line;
      const words = item[2]!.trim();
      return /[.!?…:;]$/.test(words) ? words : `${words}.`;
    })
    .join('\n');
}

/** The opening sentence and the sentence that says most about the key topics. */
export function extractiveSummary(text: string, topics: string[]): string {
  const all = sentences(asProse(text));
  if (all.length === 0) return '';
  const [first, ...rest] = all;
  const score = (sentence: string) => {
    const found = new Set(words(sentence));
    return topics.filter((topic) => found.has(topic)).length;
  };
  const best = rest.reduce<string | undefined>(
    (winner, sentence) => (winner === undefined || score(sentence) > score(winner) ? sentence : winner),
    undefined,
  );
  const summary = best && score(best) > 0 ? `${first} ${best}` : first!;
  return shortenText(summary, SUMMARY_MAX);
}

/**
 * Quality 0–100: extraction worked (40), length (up to 30), structure (up to 15: several
 * passages, headings or lists), and how little repeats itself (up to 15: share of distinct
 * sentences).
 */
export function qualityScore(text: string, passageCount: number): number {
  const trimmed = text.trim();
  if (!trimmed) return 0;
  const length = trimmed.length >= 1500 ? 30 : trimmed.length >= 500 ? 25 : trimmed.length >= 150 ? 15 : 5;
  const structured = /^\s*(#{1,6}\s|[-*•]\s|\d+[.)]\s)/m.test(trimmed);
  const structure = (passageCount > 1 ? 8 : 0) + (structured ? 7 : 0);
  const all = sentences(trimmed).map((sentence) => sentence.toLowerCase());
  const distinct = all.length === 0 ? 1 : new Set(all).size / all.length;
  return Math.min(100, 40 + length + structure + Math.round(15 * distinct));
}

/**
 * A search for what a text is about: its most frequent meaningful words, any of which may
 * match (websearch syntax), so a long message still finds the passages on one of its points.
 */
export function aboutQuery(text: string, terms = 8): string | null {
  const topics = keyTopics(text, terms);
  return topics.length > 0 ? topics.join(' or ') : null;
}

/** What the knowledge base keeps of a document's text beside the text itself. */
export interface TextIndex {
  passages: string[];
  topics: string[];
  /** The extractive summary; a model's summary may replace it. */
  summary: string;
  quality: number;
}

/** Also run in a worker thread for a long document (thread-tasks.ts). */
export function indexText(text: string): TextIndex {
  const passages = splitPassages(text);
  const topics = keyTopics(text);
  return {
    passages,
    topics,
    summary: extractiveSummary(text, topics),
    quality: qualityScore(text, passages.length),
  };
}

/** The language a document is written in and what the knowledge base indexes of it. */
export function analyseText(text: string): { language: string | null; index: TextIndex } {
  return { language: detectLanguage(text), index: indexText(text) };
}
