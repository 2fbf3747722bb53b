import type { DraftKind, KnowledgeSource, TemplateLanguage } from '@doppel/contracts';
import { describeSubject, LANGUAGE_NAMES, type HistoryLine } from '../engine';
import type { Voice } from '../engine';
import { shortenText } from '../../lib/text';
import { describePassages } from '../knowledge';
import type { DraftRequest, DraftType } from './draft-request';
import type { VoicePair } from './learned-voice';
import { describeVoice } from './voice';
import { PERSONALIZATION, type Personalization } from './campaign-ai';

const LENGTH: Record<DraftKind, string> = {
  quick: 'Keep it short: one to three sentences.',
  detailed: 'Be thorough but concise: a few short paragraphs that answer everything asked.',
};

const FORMAT: Record<DraftType, string> = {
  message_reply: 'a reply to the message below',
  proactive_message: 'a proactive message to the contact, prompted by the signal below',
  linkedin_post: "a LinkedIn post for the user's audience about the topic below",
  reddit_post: 'a Reddit post that starts a genuine discussion about the topic below',
  reddit_comment: 'a Reddit comment that adds experience to the thread below, without a pitch',
};

/**
 * The user's own edits of earlier drafts, for the model to write as they do: each draft the twin
 * wrote, then what the user sent instead.
 */
function describeExamples(examples: readonly Pick<VoicePair, 'draft' | 'sent'>[]): string[] {
  if (examples.length === 0) return [];
  return [
    'The user rewrote earlier drafts of yours before sending them. Write the way their sent versions do — greeting, sign-off, length and wording:',
    ...examples.flatMap((example, index) => [
      `Example ${index + 1}, your draft:`,
      shortenText(example.draft, 1000),
      `Example ${index + 1}, what the user sent:`,
      shortenText(example.sent, 1000),
    ]),
  ];
}

export interface DraftPrompt {
  system: string;
  prompt: string;
}

/**
 * What a language model is told to write a draft: who the user is, what it is about and its
 * trigger, the analysis, the recent conversation with the contact, the persona it writes as,
 * and the knowledge-base passages about it.
 */
export function buildDraftPrompt(input: {
  request: DraftRequest;
  language: TemplateLanguage;
  userName: string;
  /** The persona the twin writes as, when the user has one. */
  voice: Voice | null;
  history: HistoryLine[];
  /** Knowledge-base passages about the request. */
  sources: KnowledgeSource[];
  /** The user's closest (draft, sent) pairs: how they rewrite the twin's drafts (decision 037). */
  examples?: readonly Pick<VoicePair, 'draft' | 'sent'>[];
  /** A campaign's outreach: how closely the message is tailored to the contact (decision 036). */
  personalization?: Personalization;
}): DraftPrompt {
  const { request, language, userName, voice, history, sources, examples = [] } = input;
  const system = [
    [
      `You are the digital twin of ${userName}: you write in their name, in the first person.`,
      `Write ${FORMAT[request.type]}, in ${LANGUAGE_NAMES[language]}.`,
      LENGTH[request.kind],
      'Output only the text to send: no subject line, no quotes around it, no notes to the user.',
      ...(input.personalization ? [PERSONALIZATION[input.personalization]] : []),
    ].join(' '),
    ...(voice ? describeVoice(voice) : []),
    ...describeExamples(examples),
    ...describePassages(sources),
  ].join('\n');

  return { system, prompt: describeSubject(request.about, history).join('\n') };
}
