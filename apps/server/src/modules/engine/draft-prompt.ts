import type { DraftKind, KnowledgeSource, Task, TemplateLanguage } from '@doppel/contracts';
import { describePassages } from '../knowledge/ground';
import { describeVoice, type Voice } from './persona-voice';

/** Language names for the model's instructions. */
export const LANGUAGE_NAMES: Record<TemplateLanguage, string> = {
  en: 'English',
  ru: 'Russian',
  fr: 'French',
  es: 'Spanish',
  de: 'German',
};

const LENGTH: Record<DraftKind, string> = {
  quick: 'Keep it short: one to three sentences.',
  detailed: 'Be thorough but concise: a few short paragraphs that answer everything asked.',
};

const FORMAT: Record<Task['type'], string> = {
  message_reply: 'a reply to the message below',
  proactive_message: 'a proactive message to the contact, prompted by the signal below',
  linkedin_post: "a LinkedIn post for the user's audience about the topic below",
  reddit_post: 'a Reddit post that starts a genuine discussion about the topic below',
  reddit_comment: 'a Reddit comment that adds experience to the thread below, without a pitch',
  high_concept_analysis: "a short written analysis of the user's positioning for the task below",
};

export interface HistoryLine {
  direction: 'inbound' | 'outbound';
  text: string;
  occurredAt: Date;
}

export interface DraftPrompt {
  system: string;
  prompt: string;
}

/**
 * What a language model is told to write a draft: who the user is, the task and its trigger,
 * the analysis, the recent conversation with the contact, the persona it writes as, and the
 * knowledge-base passages about the task.
 */
export function buildDraftPrompt(input: {
  task: Task;
  kind: DraftKind;
  language: TemplateLanguage;
  userName: string;
  /** The persona the twin writes as, when the user has one. */
  voice: Voice | null;
  history: HistoryLine[];
  /** Knowledge-base passages about the task. */
  sources: KnowledgeSource[];
}): DraftPrompt {
  const { task, kind, language, userName, voice, history, sources } = input;
  const system = [
    [
      `You are the digital twin of ${userName}: you write in their name, in the first person.`,
      `Write ${FORMAT[task.type]}, in ${LANGUAGE_NAMES[language]}.`,
      LENGTH[kind],
      'Output only the text to send: no subject line, no quotes around it, no notes to the user.',
    ].join(' '),
    ...(voice ? describeVoice(voice) : []),
    ...describePassages(sources),
  ].join('\n');

  return { system, prompt: describeTask(task, history).join('\n') };
}

/** The task as a model reads it: what it is, who it is with, its trigger and the conversation. */
export function describeTask(task: Task, history: HistoryLine[]): string[] {
  const { context } = task;
  const trigger = context.triggerData ?? {};
  const lines: string[] = [`Task: ${task.title}`];
  if (task.description) lines.push(`Details: ${task.description}`);
  if (task.contact) {
    lines.push(`Contact: ${task.contact.name}${task.contact.company ? ` (${task.contact.company})` : ''}`);
  }
  if (context.lastMessageOriginal ?? context.lastMessage) {
    lines.push(`Their last message: ${context.lastMessageOriginal ?? context.lastMessage}`);
  }
  if (trigger.newsTitle)
    lines.push(`News: ${trigger.newsTitle}${trigger.newsSource ? ` (${trigger.newsSource})` : ''}`);
  if (trigger.jobChangeCompany || trigger.linkedinActivity) {
    lines.push(
      `Job change: ${[trigger.jobChangeCompany, trigger.linkedinActivity].filter(Boolean).join(' — ')}`,
    );
  }
  if (trigger.originalPost) {
    lines.push(
      `Post by ${trigger.originalAuthor ?? 'someone'}${trigger.community ? ` in ${trigger.community}` : ''}: ${trigger.originalPost}`,
    );
  }
  if (context.summary) lines.push(`Analysis: ${context.summary}`);
  if (context.recommendation) lines.push(`Recommendation: ${context.recommendation}`);
  if (context.analysisData?.recommendedApproach)
    lines.push(`Approach: ${context.analysisData.recommendedApproach}`);
  if (history.length > 0) {
    lines.push('Recent conversation, oldest first:');
    for (const line of history) {
      lines.push(`${line.direction === 'inbound' ? 'They' : 'You'}: ${line.text}`);
    }
  }
  return lines;
}

/** What a task is about, as words to search the knowledge base with. */
export function taskSearchText(task: Task): string {
  const trigger = task.context.triggerData ?? {};
  return [
    task.title,
    task.description,
    task.context.lastMessage,
    task.context.lastMessageOriginal,
    trigger.newsTitle,
    trigger.linkedinActivity,
    trigger.originalPost,
  ]
    .filter(Boolean)
    .join('\n');
}
