import type { ContactSource, Task, TemplateLanguage } from '@doppel/contracts';

/*
 * What a model is told about the thing it drafts or analyses. Drafting (modules/drafting) writes
 * from a Subject; the analysis reads a task through describeTask. Both see the same lines.
 */

/** Language names for the model's instructions. */
export const LANGUAGE_NAMES: Record<TemplateLanguage, string> = {
  en: 'English',
  ru: 'Russian',
  fr: 'French',
  es: 'Spanish',
  de: 'German',
};

export interface HistoryLine {
  direction: 'inbound' | 'outbound';
  text: string;
  occurredAt: Date;
}

/** The person a text is for. */
export interface SubjectContact {
  id: string;
  name: string;
  company: string | null;
  /** ISO 639-1 code of the language they write in. */
  language: string;
  /** Where they talk to the user, when known: the learned voice's closest examples share it. */
  source?: ContactSource;
}

/** What prompted a text other than a message: a news item, a job change, a post to answer. */
export interface SubjectTrigger {
  newsTitle?: string;
  newsSource?: string;
  jobChangeCompany?: string;
  linkedinActivity?: string;
  originalPost?: string;
  originalAuthor?: string;
  community?: string;
}

/**
 * What a draft or an analysis is about, wherever it comes from (a task, a message sent to the
 * public API): what is to be done, for whom, the message or trigger answered, and what an
 * analysis of it advised.
 */
export interface Subject {
  /** What is to be done, in a line ("Reply to Hans"). */
  title: string;
  /** More about it; may be empty. */
  details: string;
  contact: SubjectContact | null;
  /** The message answered, as the user reads it (translated when auto-translate is on). */
  message?: string;
  /** The message as its writer wrote it, when the user reads a translation. */
  messageAsWritten?: string;
  trigger: SubjectTrigger;
  analysis: { summary?: string; recommendation?: string; approach?: string };
}

/** A task as a Subject. */
export function subjectOf(task: Task): Subject {
  const { context } = task;
  return {
    title: task.title,
    details: task.description,
    contact: task.contact,
    message: context.lastMessage,
    messageAsWritten: context.lastMessageOriginal,
    trigger: context.triggerData ?? {},
    analysis: {
      summary: context.summary,
      recommendation: context.recommendation,
      approach: context.analysisData?.recommendedApproach,
    },
  };
}

/** The subject as a model reads it: what it is, who it is with, its trigger and the conversation. */
export function describeSubject(subject: Subject, history: HistoryLine[]): string[] {
  const { trigger, analysis, contact } = subject;
  const lines: string[] = [`Task: ${subject.title}`];
  if (subject.details) lines.push(`Details: ${subject.details}`);
  if (contact) lines.push(`Contact: ${contact.name}${contact.company ? ` (${contact.company})` : ''}`);
  if (subject.messageAsWritten ?? subject.message) {
    lines.push(`Their last message: ${subject.messageAsWritten ?? subject.message}`);
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
  if (analysis.summary) lines.push(`Analysis: ${analysis.summary}`);
  if (analysis.recommendation) lines.push(`Recommendation: ${analysis.recommendation}`);
  if (analysis.approach) lines.push(`Approach: ${analysis.approach}`);
  if (history.length > 0) {
    lines.push('Recent conversation, oldest first:');
    for (const line of history) {
      lines.push(`${line.direction === 'inbound' ? 'They' : 'You'}: ${line.text}`);
    }
  }
  return lines;
}

/** The task as a model reads it (see describeSubject). */
export function describeTask(task: Task, history: HistoryLine[]): string[] {
  return describeSubject(subjectOf(task), history);
}

/** What a subject is about, as words to search the knowledge base with. */
export function subjectSearchText(subject: Subject): string {
  const { trigger } = subject;
  return [
    subject.title,
    subject.details,
    subject.message,
    subject.messageAsWritten,
    trigger.newsTitle,
    trigger.linkedinActivity,
    trigger.originalPost,
  ]
    .filter(Boolean)
    .join('\n');
}

/** What a task is about, as words to search the knowledge base with. */
export function taskSearchText(task: Task): string {
  return subjectSearchText(subjectOf(task));
}
