import type { ContactSource, DraftKind, LearnedHabitKind, LearnedHabits, TaskType } from '@doppel/contracts';
import { shortenText } from '../../lib/text';

/*
 * The voice learned from the user (issue 20, decision 037), as rules: which of the (draft, sent)
 * pairs are closest to a new draft (for a model's examples), the greeting, sign-off and length
 * habits the user's sent messages show (for the offline engine), and a draft rewritten to follow
 * them. Pure functions; voice-examples.ts keeps the pairs.
 */

/** A (draft, sent) pair as drafting reads it. */
export interface VoicePair {
  id: string;
  taskType: TaskType;
  channel: ContactSource | null;
  language: string;
  draftKind: string;
  contactName: string | null;
  about: string;
  draft: string;
  sent: string;
  createdAt: Date;
}

/** What a new draft is, to find the pairs closest to it. */
export interface DraftTarget {
  type: TaskType;
  kind: DraftKind;
  channel: ContactSource | null;
  language: string;
  /** What it is about (the message answered, the trigger), compared word by word. */
  about: string;
}

/** Habits in one language: a greeting and sign-off to use, and how long messages typically are. */
export type Habits = Omit<LearnedHabits, 'language'>;

/** How many pairs a model is shown. */
export const EXAMPLES_IN_PROMPT = 3;

/** Only replies and proactive messages greet and sign off; posts and comments do not. */
const MESSAGE_TYPES: ReadonlySet<TaskType> = new Set(['message_reply', 'proactive_message']);
export const isMessageType = (type: TaskType) => MESSAGE_TYPES.has(type);

const normalised = (text: string) => text.replace(/\s+/gu, ' ').trim();

/**
 * Whether a sent text differs from its draft in more than spacing: a message sent as drafted
 * teaches nothing about the user's voice.
 */
export function differsMeaningfully(draft: string, sent: string): boolean {
  const a = normalised(draft);
  const b = normalised(sent);
  return a !== '' && b !== '' && a !== b;
}

function words(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []).slice(0, 400));
}

/** Jaccard similarity of two texts' word sets (words of three letters or more), 0–1. */
function overlap(left: ReadonlySet<string>, right: ReadonlySet<string>): number {
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/**
 * The pairs closest to the draft to write, best first: the same language counts most, then the
 * same task type, the same channel and the same draft kind, then how alike what they are about
 * is; among equals, the newest. Cheap: a few comparisons per pair, over the newest pairs only.
 */
export function closestPairs(pairs: readonly VoicePair[], target: DraftTarget, count = EXAMPLES_IN_PROMPT) {
  const aboutWords = words(target.about);
  const scored = pairs.map((pair) => ({
    pair,
    score:
      (pair.language === target.language ? 4 : 0) +
      (pair.taskType === target.type ? 3 : 0) +
      (pair.channel !== null && pair.channel === target.channel ? 2 : 0) +
      (pair.draftKind === target.kind ? 1 : 0) +
      4 * overlap(aboutWords, words(pair.about)),
  }));
  return scored
    .sort((a, b) => b.score - a.score || b.pair.createdAt.getTime() - a.pair.createdAt.getTime())
    .slice(0, count)
    .map(({ pair }) => pair);
}

/** Greeting words that open a message, in the languages people write to Doppel's users in. */
const GREETING_WORDS =
  /^(hi|hello|hey|hiya|dear|good (morning|afternoon|evening)|greetings|hallo|liebe|lieber|sehr geehrte\p{L}*|guten (morgen|tag|abend)|moin|servus|grüß\p{L}*|bonjour|bonsoir|salut|coucou|cher|chère|hola|buen(os|as)|querid\p{L}*|estimad\p{L}*|здравствуй\p{L}*|привет\p{L}*|добр(ый|ое|ого)|уважаем\p{L}*|ciao|salve|olá|ola|oi|hej|witaj|dzień dobry|merhaba|привіт|вітаю)(?!\p{L})/iu;

/** Sign-off words that close a message. */
const SIGN_OFF_WORDS =
  /^(best|cheers|thanks|thank you|thx|regards|kind regards|warm regards|all the best|talk soon|take care|see you|speak soon|yours|sincerely|warmly|с уважением|спасибо|всего доброго|хорошего|до связи|до встречи|обнимаю|удачи|с теплом|на связи|cordialement|bien (à vous|cordialement)|à (bientôt|plus)|merci|amitiés|bises|salutations|veuillez|saludos|un saludo|un abrazo|abrazos|atentamente|gracias|hasta (pronto|luego)|besos|mit freundlichen|beste grüße|viele grüße|liebe grüße|herzliche grüße|grüße|gruß|lg|vg|bis bald|danke|ciao|a presto|cumprimentos|pozdrawiam|saygılarımla)(?!\p{L})/iu;

const wordCount = (text: string) => text.trim().split(/\s+/u).filter(Boolean).length;

function firstName(name: string): string {
  return name.trim().split(/\s+/u)[0] ?? name;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/** The name as a whole word, in any case: "Al" is not in "Also". */
const wordPattern = (word: string, flags = 'iu') =>
  new RegExp(`(?<!\\p{L})${escapeRegExp(word)}(?!\\p{L})`, flags);

/** Whether the text names the contact (their full or first name). */
function namesContact(text: string, contactName: string | null): boolean {
  const name = contactName?.trim();
  if (!name) return false;
  return wordPattern(name).test(text) || wordPattern(firstName(name)).test(text);
}

/** The greeting with the contact's name as {name} (full) or {firstName}, so it fits anyone. */
function generalised(greeting: string, contactName: string | null): string {
  const name = contactName?.trim();
  if (!name) return greeting;
  if (wordPattern(name).test(greeting)) return greeting.replace(wordPattern(name, 'giu'), '{name}');
  return greeting.replace(wordPattern(firstName(name), 'giu'), '{firstName}');
}

/** The greeting filled for a contact (their name where the user named theirs). */
export function fillGreeting(greeting: string, contactName: string | null): string {
  const name = contactName?.trim() ?? '';
  return greeting
    .replaceAll('{name}', name)
    .replaceAll('{firstName}', firstName(name))
    .replace(/\s+([,!])/gu, '$1')
    .replace(/\s{2,}/gu, ' ')
    .trim();
}

const isGreetingText = (text: string, contactName: string | null) =>
  GREETING_WORDS.test(text) || namesContact(text, contactName);

interface GreetingSpan {
  /** The greeting as written. */
  text: string;
  /** A line (or paragraph) of its own, or the start of the first sentence. */
  own: boolean;
}

/** Where a text greets: its short first line, or the words before the first comma or "!". */
function greetingSpan(text: string, contactName: string | null): GreetingSpan | null {
  const trimmed = text.trim();
  const lines = trimmed.split('\n');
  const first = lines[0]!.trim();
  if (
    lines.length > 1 &&
    first.length <= 50 &&
    wordCount(first) <= 6 &&
    !/[.?:;]$/u.test(first) &&
    isGreetingText(first, contactName)
  ) {
    return { text: first, own: true };
  }
  const inline = /^([^,!.?\n]{1,40}[,!])\s+\S/u.exec(trimmed);
  if (inline && wordCount(inline[1]!) <= 4 && isGreetingText(inline[1]!, contactName)) {
    return { text: inline[1]!, own: false };
  }
  return null;
}

/** How the text greets, with the contact's name generalised; null when it does not. */
export function greetingOf(text: string, contactName: string | null): string | null {
  const span = greetingSpan(text, contactName);
  return span ? generalised(span.text, contactName) : null;
}

const paragraphsOf = (text: string) =>
  text
    .trim()
    .split(/\n\s*\n/u)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/** How the text signs off: its short closing paragraph or last line; null when it does not. */
export function signOffOf(text: string): string | null {
  const paragraphs = paragraphsOf(text);
  if (paragraphs.length >= 2) {
    const last = paragraphs.at(-1)!;
    const lines = last.split('\n').map((line) => line.trim());
    const short = lines.length <= 2 && lines.every((line) => line.length <= 40 && wordCount(line) <= 5);
    const closing =
      lines.length === 2 || /,$/u.test(lines[0]!) || /^[—–-]/u.test(last) || SIGN_OFF_WORDS.test(last);
    if (short && closing && !/\?$/u.test(last)) return last;
  }
  const lines = text.trim().split('\n');
  if (lines.length >= 2) {
    const last = lines.at(-1)!.trim();
    if (last.length <= 30 && wordCount(last) <= 4 && (SIGN_OFF_WORDS.test(last) || /^[—–-]/u.test(last))) {
      return last;
    }
  }
  return null;
}

/** The most frequent value, the newest winning a tie (values come newest first); null if none. */
function habitual(values: ReadonlyArray<string | null>): string | null {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | null = null;
  let bestCount = 0;
  for (const value of values) {
    if (!value) continue;
    const count = counts.get(value)!;
    if (count > bestCount) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2);
}

/**
 * The habits the user's sent messages show (newest first): the greeting and sign-off they use
 * most (the newest on a tie), and the median length. A greeting or sign-off counts only when at
 * least half of the messages have one, so the odd message with one does not make it a habit.
 */
export function habitsOf(pairs: readonly VoicePair[]): Habits {
  const greetings = pairs.map((pair) => greetingOf(pair.sent, pair.contactName));
  const signOffs = pairs.map((pair) => signOffOf(pair.sent));
  const most = (values: Array<string | null>) =>
    values.filter(Boolean).length * 2 >= values.length ? habitual(values) : null;
  return {
    messages: pairs.length,
    greeting: most(greetings),
    signOff: most(signOffs),
    typicalLength: median(pairs.map((pair) => pair.sent.trim().length)),
  };
}

/** The pairs the offline engine learns from for a draft: messages in its language, its kind first. */
export function pairsToLearnFrom(
  pairs: readonly VoicePair[],
  target: Pick<DraftTarget, 'type' | 'kind' | 'language'>,
) {
  if (!isMessageType(target.type)) return [];
  const messages = pairs.filter((pair) => isMessageType(pair.taskType) && pair.language === target.language);
  const sameKind = messages.filter((pair) => pair.draftKind === target.kind);
  return sameKind.length > 0 ? sameKind : messages;
}

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

function withGreeting(draft: string, greeting: string, contactName: string | null): string | null {
  const span = greetingSpan(draft, contactName);
  if (!span) return null;
  const filled = fillGreeting(greeting, contactName);
  if (!filled || filled === span.text) return null;
  const start = draft.indexOf(span.text);
  let rest = draft.slice(start + span.text.length);
  const lead = /^\s*/u.exec(rest)![0];
  rest = rest.slice(lead.length);
  // After "Hey Hans!" a sentence starts anew.
  if (/[!.]$/u.test(filled)) rest = capitalised(rest);
  return `${draft.slice(0, start)}${filled}${lead || ' '}${rest}`;
}

function withSignOff(draft: string, signOff: string): string | null {
  const paragraphs = paragraphsOf(draft);
  if (paragraphs.length >= 2) {
    if (paragraphs.at(-1) === signOff) return null;
    return [...paragraphs.slice(0, -1), signOff].join('\n\n');
  }
  if (draft.trimEnd().endsWith(signOff)) return null;
  return `${draft.trimEnd()}\n\n${signOff}`;
}

function sentencesOf(paragraph: string): string[] {
  return paragraph.split(/(?<=[.!?…])\s+/u).filter(Boolean);
}

/**
 * The draft brought near the user's typical length when it is clearly longer (by 30%): body
 * paragraphs dropped from the end, then sentences of the one left — never the greeting line or
 * closing, and never below a sentence of four words. Null when nothing was dropped. It never
 * pads a short draft: the offline engine has nothing of its own to add.
 */
function withLength(draft: string, typical: number, closes: boolean): string | null {
  const limit = Math.round(typical * 1.25);
  if (draft.length <= typical * 1.3) return null;
  const paragraphs = paragraphsOf(draft);
  const hasGreetingLine = paragraphs.length >= 3;
  const head = hasGreetingLine ? paragraphs.slice(0, 1) : [];
  const tail = closes && paragraphs.length >= 2 ? paragraphs.slice(-1) : [];
  const body = paragraphs.slice(head.length, paragraphs.length - tail.length);
  if (body.length === 0) return null;
  const join = () => [...head, ...body, ...tail].join('\n\n');
  let changed = false;
  while (body.length > 1 && join().length > limit) {
    body.pop();
    changed = true;
  }
  const sentences = sentencesOf(body[0]!);
  while (sentences.length > 1 && join().length > limit) {
    // "Hey Ben!" alone says nothing: a reply keeps at least four words.
    if (wordCount(sentences.slice(0, -1).join(' ')) < 4) break;
    sentences.pop();
    body[0] = sentences.join(' ');
    changed = true;
  }
  return changed ? join() : null;
}

/**
 * A message draft rewritten in the user's habits: their greeting for the twin's, their sign-off
 * for its closing, and cut toward their typical length. Says which habits changed the draft.
 */
export function followHabits(
  draft: string,
  habits: Habits,
  contactName: string | null,
): { text: string; applied: LearnedHabitKind[] } {
  let text = draft;
  const applied: LearnedHabitKind[] = [];
  if (habits.greeting) {
    const greeted = withGreeting(text, habits.greeting, contactName);
    if (greeted !== null) {
      text = greeted;
      applied.push('greeting');
    }
  }
  if (habits.typicalLength) {
    const shorter = withLength(text, habits.typicalLength, paragraphsOf(text).length >= 2);
    if (shorter !== null) {
      text = shorter;
      applied.push('length');
    }
  }
  if (habits.signOff) {
    const signed = withSignOff(text, habits.signOff);
    if (signed !== null) {
      text = signed;
      applied.push('signOff');
    }
  }
  return { text, applied };
}

/** A pair as "Why this draft" shows it: both texts shortened. */
export function shownPair(pair: VoicePair): { id: string; draft: string; sent: string } {
  return { id: pair.id, draft: shortenText(pair.draft, 600), sent: shortenText(pair.sent, 600) };
}
