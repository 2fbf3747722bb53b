import { shortenText, safeCutIndex } from '../../lib/text';

/*
 * What the knowledge base derives from a document's text without a language model: passages
 * for search, key topics, an extractive summary and the quality score (rule in
 * docs/decisions/015-knowledge-base-search.md).
 */

import { detectLanguage } from '../language';
import { extractKeyphrases, keywords, MAX_TOPICS, stemReader, type Keyphrase } from './keyphrases';

/** Passages are cut at paragraph ends up to about this many characters. */
const PASSAGE_TARGET = 700;
const PASSAGE_MAX = 1200;
const SUMMARY_MAX = 320;

/*
 * The text's structure, as every extractor writes it (extract-text.ts, read-html.ts) and as
 * Markdown has it: paragraphs apart by a blank line; a heading is a line of its own starting
 * with "#" to "######" and a space; a table is a block of rows, one a line, cells apart by " | "
 * (Markdown's "| a | b |" rows read the same); list items are lines starting with "• ".
 */

const HEADING_LINE = /^#{1,6}\s+\S/;
const TABLE_ROW = /^\|.*\|$|(^|\s)\|(\s|$)/;
/** A line with " | " in it alone is prose that happens to hold one; a table has rows. */
const TABLE_MIN_ROWS = 2;

interface TextBlock {
  kind: 'heading' | 'table' | 'prose';
  /** A table's rows or a prose block's lines; a heading's one line. */
  lines: string[];
}

function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

function tableRowsFrom(lines: string[], start: number): number {
  let end = start;
  while (end < lines.length && TABLE_ROW.test(lines[end]!)) end += 1;
  return end - start;
}

/** A paragraph's headings, tables and prose, in order (a Markdown heading needs no blank line). */
function paragraphBlocks(paragraph: string): TextBlock[] {
  const lines = paragraph.split('\n').map((line) => line.trim());
  const blocks: TextBlock[] = [];
  const addProse = (line: string) => {
    const last = blocks.at(-1);
    if (last?.kind === 'prose') last.lines.push(line);
    else blocks.push({ kind: 'prose', lines: [line] });
  };
  for (let index = 0; index < lines.length;) {
    const line = lines[index]!;
    const rows = tableRowsFrom(lines, index);
    if (rows >= TABLE_MIN_ROWS) {
      blocks.push({ kind: 'table', lines: lines.slice(index, index + rows) });
      index += rows;
      continue;
    }
    if (HEADING_LINE.test(line)) blocks.push({ kind: 'heading', lines: [line] });
    else if (line) addProse(line);
    index += 1;
  }
  return blocks;
}

function textBlocks(text: string): TextBlock[] {
  return paragraphs(text).flatMap(paragraphBlocks);
}

/*
 * Sentences by the Unicode rules (Intl.Segmenter), which keep "3.5" and "e.g. the" whole but
 * end a sentence at any period before a capital. An abbreviation's periods are masked first so
 * that "Dr. Smith" or "z. B. Docker" stays one sentence; the sentences are cut from the
 * unmasked text at the same places (masking keeps every character's position).
 */

/**
 * Abbreviations a sentence seldom ends with. Not "ms.", "см." or "им.": milliseconds,
 * centimetres and a pronoun often do.
 */
const ABBREVIATIONS = [
  ...['e.g.', 'i.e.', 'etc.', 'vs.', 'cf.', 'approx.', 'dr.', 'mr.', 'mrs.', 'prof.', 'st.', 'jr.'],
  ...['z.b.', 'd.h.', 'u.a.', 'bzw.', 'usw.', 'ca.', 'nr.', 'vgl.'],
  ...['т.е.', 'т.д.', 'т.п.', 'т.к.', 'напр.'],
  ...['p.ex.', 'mme.', 'mlle.', 'p.ej.', 'sr.', 'sra.', 'srta.', 'dra.'],
];
const abbreviationPattern = (abbreviation: string) =>
  abbreviation
    .split('.')
    .filter(Boolean)
    .map((part) => `${part}\\.`)
    .join(' ?');
/** An abbreviation as a word of its own (so "mr." is not the end of "summer."), any case. */
const ABBREVIATION = new RegExp(
  `(?<![\\p{L}\\p{N}.])(?:${ABBREVIATIONS.map(abbreviationPattern).join('|')})`,
  'giu',
);
/** A stand-in for a period that the sentence rules do not read as one (not U+2024: that is). */
const MASKED_PERIOD = '\u00b7';
/** The rules do not end a sentence at "…"; a capital after it starts one. */
const AFTER_ELLIPSIS = /(?<=…) (?=\p{Lu})/u;

const sentenceSegmenter = new Intl.Segmenter('und', { granularity: 'sentence' });

export function sentences(text: string): string[] {
  const flat = text.replace(/\s+/g, ' ');
  const masked = flat.replace(ABBREVIATION, (abbreviation) => abbreviation.replaceAll('.', MASKED_PERIOD));
  const found: string[] = [];
  for (const { index, segment } of sentenceSegmenter.segment(masked)) {
    for (const sentence of flat.slice(index, index + segment.length).split(AFTER_ELLIPSIS)) {
      const trimmed = sentence.trim();
      if (trimmed) found.push(trimmed);
    }
  }
  return found;
}

/**
 * Passages being cut: prose gathers into one up to PASSAGE_TARGET; a heading ends the passage
 * before it and starts the next; a table's rows make passages of their own.
 */
class PassageWriter {
  readonly passages: string[] = [];
  private current = '';
  /** The passage holds only headings so far: they belong with what follows them. */
  private headingsOnly = false;

  heading(line: string): void {
    this.endUnlessHeadings();
    this.current = this.current ? `${this.current}\n\n${line}` : line;
    this.headingsOnly = true;
  }

  /** Whole paragraphs while they fit, else the paragraph's sentences one by one. */
  prose(paragraph: string): void {
    const room = this.headingsOnly ? PASSAGE_MAX - this.current.length - 2 : PASSAGE_MAX;
    const pieces = paragraph.length <= room ? [paragraph] : sentences(paragraph);
    for (const piece of pieces) this.add(piece, '\n\n');
  }

  /** A table's rows, whole rows a passage, after the headings that name it and nothing else. */
  table(rows: string[]): void {
    this.endUnlessHeadings();
    for (const row of rows) this.add(row, this.headingsOnly ? '\n\n' : '\n');
    this.end();
  }

  end(): void {
    if (this.current) this.passages.push(this.current);
    this.current = '';
    this.headingsOnly = false;
  }

  private endUnlessHeadings(): void {
    if (!this.headingsOnly) this.end();
  }

  private add(piece: string, separator: string): void {
    if (
      this.current &&
      !this.headingsOnly &&
      this.current.length + separator.length + piece.length > PASSAGE_TARGET
    ) {
      this.end();
    }
    this.current = this.current ? `${this.current}${separator}${piece}` : piece;
    this.headingsOnly = false;
    while (this.current.length > PASSAGE_MAX) {
      const cut = safeCutIndex(this.current, PASSAGE_MAX);
      this.passages.push(this.current.slice(0, cut));
      this.current = this.current.slice(cut);
    }
  }
}

/**
 * Cuts text into passages of whole paragraphs (whole sentences when a paragraph is long). A
 * heading starts a passage; a table is a passage of its own (several, of whole rows, if long),
 * with the headings right before it as its label, never with prose.
 */
export function splitPassages(text: string): string[] {
  const writer = new PassageWriter();
  for (const block of textBlocks(text)) {
    if (block.kind === 'heading') writer.heading(block.lines[0]!);
    else if (block.kind === 'table') writer.table(block.lines);
    else writer.prose(block.lines.join('\n'));
  }
  writer.end();
  return writer.passages;
}

/**
 * A text's key phrases (keyphrases.ts): "pilot pricing", not "pilot, pilots, always". The
 * language picks the stop words and the stemmer; unknown, the text's stop words tell it.
 */
export function keyTopics(
  text: string,
  howMany = MAX_TOPICS,
  options: { title?: string; language?: string | null } = {},
): string[] {
  return extractKeyphrases(text, { ...options, howMany }).map((topic) => topic.text);
}

/** A heading's or a list item's marker, and its words. */
const MARKED_LINE = /^(#{1,6}|[-*+•>]|\d+[.)])\s+(.*)$/;

/** A line that is not a sentence (a heading, an item) read as one: its words and an end. */
const asSentence = (words: string) => (/[.!?…:;]$/.test(words) ? words : `${words}.`);

function proseLine(line: string): string {
  const marked = MARKED_LINE.exec(line);
  return marked ? asSentence(marked[2]!.trim()) : line;
}

/**
 * The text as sentences can be read from it: headings and list items as sentences of their own
 * without their markers. Tables are left out (their cells are not sentences), unless asked for
 * because there is nothing else: then each row reads as a sentence.
 */
function asProse(blocks: TextBlock[], withTables = false): string {
  return blocks
    .flatMap((block) => {
      if (block.kind === 'heading') return [proseLine(block.lines[0]!)];
      if (block.kind === 'prose') return block.lines.map(proseLine);
      return withTables ? block.lines.map((row) => asSentence(row.replace(/\s*\|\s*/g, ' ').trim())) : [];
    })
    .join('\n');
}

/**
 * The sentences of a text's prose, for quoting one into a draft: headings and table rows are
 * labels and cells, not something to say to a contact.
 */
export function proseSentences(text: string): string[] {
  const prose = textBlocks(text).filter((block) => block.kind === 'prose');
  return sentences(asProse(prose));
}

/**
 * The opening sentence and the sentence that names most of the key topics (in any of their
 * words' forms).
 */
export function extractiveSummary(text: string, topics: Keyphrase[], language: string | null = null): string {
  const blocks = textBlocks(text);
  const prose = sentences(asProse(blocks));
  const all = prose.length > 0 ? prose : sentences(asProse(blocks, true));
  if (all.length === 0) return '';
  const [first, ...rest] = all;
  const stemsOf = stemReader(text, language);
  const score = (sentence: string) => {
    const found = stemsOf(sentence);
    return topics.filter((topic) => topic.stems.every((stem) => found.has(stem))).length;
  };
  let best: string | undefined;
  let bestScore = 0;
  for (const sentence of rest) {
    const named = score(sentence);
    if (named > bestScore) [best, bestScore] = [sentence, named];
  }
  const summary = best ? `${first} ${best}` : first!;
  return shortenText(summary, SUMMARY_MAX);
}

const LIST_LINE = /^([-*•]|\d+[.)])\s/;
const hasStructure = (blocks: TextBlock[]) =>
  blocks.some((block) => block.kind !== 'prose' || block.lines.some((line) => LIST_LINE.test(line)));

/**
 * Quality 0–100: extraction worked (40), length (up to 30), structure (up to 15: several
 * passages, headings, tables or lists), and how little repeats itself (up to 15: share of
 * distinct sentences, tables aside: their rows may well repeat).
 */
export function qualityScore(text: string, passageCount: number): number {
  const trimmed = text.trim();
  if (!trimmed) return 0;
  const length = trimmed.length >= 1500 ? 30 : trimmed.length >= 500 ? 25 : trimmed.length >= 150 ? 15 : 5;
  const blocks = textBlocks(trimmed);
  const structure = (passageCount > 1 ? 8 : 0) + (hasStructure(blocks) ? 7 : 0);
  const all = sentences(asProse(blocks)).map((sentence) => sentence.toLowerCase());
  const distinct = all.length === 0 ? 1 : new Set(all).size / all.length;
  return Math.min(100, 40 + length + structure + Math.round(15 * distinct));
}

/**
 * A search for what a text is about: its weightiest words (stop words left out, word forms
 * counted as one, each as the text writes it most), any of which may match (websearch syntax),
 * so a long message still finds the passages on one of its points. Words, not phrases or
 * stems: the search stems them in each passage's language.
 */
export function aboutQuery(text: string, terms = 8): string | null {
  const words = keywords(text, { howMany: terms });
  return words.length > 0 ? words.join(' or ') : null;
}

/** What the knowledge base keeps of a document's text beside the text itself. */
export interface TextIndex {
  passages: string[];
  topics: string[];
  /** The extractive summary; a model's summary may replace it. */
  summary: string;
  quality: number;
}

export interface TextFacts {
  /** The document's name: its words weigh more among the topics. */
  title?: string;
  language?: string | null;
}

/** A document's key topics and the extractive summary they pick (also for re-analysis). */
export function topicsAndSummary(text: string, facts: TextFacts = {}): { topics: string[]; summary: string } {
  const topics = extractKeyphrases(text, facts);
  return {
    topics: topics.map((topic) => topic.text),
    summary: extractiveSummary(text, topics, facts.language ?? null),
  };
}

/** Also run in a worker thread for a long document (thread-tasks.ts). */
export function indexText(text: string, facts: TextFacts = {}): TextIndex {
  const passages = splitPassages(text);
  return {
    passages,
    ...topicsAndSummary(text, facts),
    quality: qualityScore(text, passages.length),
  };
}

/** The language a document is written in and what the knowledge base indexes of it. */
export function analyseText(
  text: string,
  { title }: { title?: string } = {},
): { language: string | null; index: TextIndex } {
  const language = detectLanguage(text);
  return { language, index: indexText(text, { title, language }) };
}
