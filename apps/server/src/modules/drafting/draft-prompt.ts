import type { DraftKind, KnowledgeSource, TemplateLanguage } from '@doppel/contracts';
import { describeSubject, LANGUAGE_NAMES, type HistoryLine } from '../engine';
import type { Voice } from '../engine';
import { describePassages } from '../knowledge';
import type { DraftRequest, DraftType } from './draft-request';
import { describeVoice } from './voice';

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
}): DraftPrompt {
  const { request, language, userName, voice, history, sources } = input;
  const system = [
    [
      `You are the digital twin of ${userName}: you write in their name, in the first person.`,
      `Write ${FORMAT[request.type]}, in ${LANGUAGE_NAMES[language]}.`,
      LENGTH[request.kind],
      'Output only the text to send: no subject line, no quotes around it, no notes to the user.',
    ].join(' '),
    ...(voice ? describeVoice(voice) : []),
    ...describePassages(sources),
  ].join('\n');

  return { system, prompt: describeSubject(request.about, history).join('\n') };
}
