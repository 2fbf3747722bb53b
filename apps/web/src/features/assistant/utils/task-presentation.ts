import type { RecommendationKind, ContactSource, Task } from '@doppel/contracts';

/** Brand names are the same in every language, so they stay out of the dictionaries. */
const SOURCE_BRANDS: Partial<Record<ContactSource, string>> = {
  whatsapp: 'WhatsApp',
  gmail: 'Gmail',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  reddit: 'Reddit',
  telegram: 'Telegram',
  slack: 'Slack',
  discord: 'Discord',
};

const SOCIAL_TYPES = new Set<Task['type']>(['linkedin_post', 'reddit_post', 'reddit_comment']);

/** Whether a task comes from a social signal rather than a conversation with one person. */
export function isSocialTask(task: Pick<Task, 'type' | 'context'>): boolean {
  return SOCIAL_TYPES.has(task.type) || task.context.triggerType === 'social_comment';
}

/**
 * Where the task came from, for the source badge: a brand, else Email (the user's own mailbox,
 * whichever provider it is at), Social or Message.
 */
export function taskSource(
  task: Pick<Task, 'type' | 'context' | 'contact'>,
): { brand: string } | { generic: 'email' | 'social' | 'message' } {
  const source: ContactSource | undefined =
    task.contact?.source ??
    (task.type === 'linkedin_post' ? 'linkedin' : task.type.startsWith('reddit') ? 'reddit' : undefined);
  const brand = source ? SOURCE_BRANDS[source] : undefined;
  if (brand) return { brand };
  if (source === 'email') return { generic: 'email' };
  return { generic: isSocialTask(task) ? 'social' : 'message' };
}

/**
 * The contact's language (any ISO 639 code: a contact may write in a language Doppel does not
 * write), for its badge; 'und' (undetermined) when there is none.
 */
export function contactLanguage(language: string | undefined): string {
  const code = (language ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return /^[a-z]{2,3}$/.test(code) ? code : 'und';
}

export type RecommendationTone = 'urgent' | 'opportunity' | 'social' | 'default';

/**
 * Recommendation colour rule: 24H/URGENT red, OPPORTUNITY green, SOCIAL blue, others amber. The
 * engine says the kind of what it wrote in the user's language (СРОЧНО, CHANCE …); without it the
 * English markers decide.
 */
export function recommendationTone(text: string, kind?: RecommendationKind): RecommendationTone {
  if (kind) return kind === 'other' ? 'default' : kind;
  const upper = text.toUpperCase();
  if (upper.includes('24H') || upper.includes('URGENT')) return 'urgent';
  if (upper.includes('OPPORTUNITY')) return 'opportunity';
  if (upper.includes('SOCIAL')) return 'social';
  return 'default';
}

/** Whether the task answers someone by email: its composer then asks for a subject. */
export function isEmailTask(task: Pick<Task, 'contact'>): boolean {
  return task.contact?.source === 'email';
}

/**
 * The subject a reply starts with: "Re: " and the contact's subject, unless it is already a
 * reply ("Re: Pilot" stays as it is); empty when their mail had none.
 */
export function replySubject(subject: string | undefined): string {
  const trimmed = subject?.trim() ?? '';
  if (!trimmed) return '';
  return /^re\s*:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
}
