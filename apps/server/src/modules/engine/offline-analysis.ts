import type { TaskContext, TaskPriority, TaskType, TemplateLanguage } from '@doppel/contracts';
import { detectLanguage } from '../language';
import { shortenText } from '../../lib/text';

/*
 * The offline engine's analysis: deterministic rules over the message or signal, used when no
 * language model is configured (and in demo mode). It writes the recommendation with the
 * product's vocabulary (24H/URGENT, OPPORTUNITY, SOCIAL), which the web app colours. Its texts
 * are English: it is a rule set, not a writer; a configured model writes in the user's
 * language.
 */

export interface AnalysisInput {
  type: TaskType;
  triggerType?: TaskContext['triggerType'];
  /** The inbound message, or the signal's own text when there is no message. */
  text?: string;
  contactName?: string | null;
  contactLanguage?: string | null;
  triggerData?: TaskContext['triggerData'];
}

export interface TaskAnalysis {
  summary: string;
  recommendation: string;
  priority: TaskPriority;
  /** The language to answer in: detected from the text, else the contact's. */
  language: TemplateLanguage;
  analysisData: { opportunityType: string; recommendedApproach: string };
}

/**
 * A case-insensitive match of whole words (or word stems ending in `*`) in any script: \b only
 * knows ASCII letters, so Cyrillic words need letter-class lookarounds. An apostrophe matches
 * both the straight (') and the typographic (’) one; a space matches any run of whitespace.
 */
function anyWord(...words: string[]): RegExp {
  const alternatives = words.map((word) =>
    word.endsWith('*') ? `${wordPattern(word.slice(0, -1))}\\p{L}*` : wordPattern(word),
  );
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'iu');
}

function wordPattern(word: string): string {
  return escapeRegExp(word).replace(/['’]/g, "['’]").replace(/ /g, '\\s+');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Words that make a message time-critical, in the five languages. */
const URGENCY = anyWord(
  ...['urgent', 'urgently', 'asap', 'today', 'tonight', 'tomorrow', 'deadline', 'immediately'],
  ...['срочно', 'срочный*', 'сегодня', 'завтра', 'немедленно', 'дедлайн*'],
  // "aujourd'hui" matches the typographic apostrophe too (aujourd’hui): see anyWord.
  ...["aujourd'hui", 'demain', 'rapidement', 'urgente', 'hoy', 'mañana', 'cuanto antes'],
  ...['dringend', 'heute', 'morgen', 'sofort', 'frist'],
);

/**
 * Greetings that contain an urgency word without meaning it: "Guten Morgen" is good morning,
 * while "morgen" alone is tomorrow. They are taken out of the text before URGENCY is tested.
 */
const GREETINGS = new RegExp(anyWord('guten morgen').source, 'giu');

function isUrgent(text: string): boolean {
  return URGENCY.test(text.replace(GREETINGS, ' '));
}

/** Kinds of business opportunity, each recognised by words in the five languages. */
const OPPORTUNITIES: Array<{ type: string; words: RegExp; approach: string }> = [
  {
    type: 'Paid pilot',
    words: anyWord('pilot*', 'пилот*', 'piloto*'),
    approach: 'Confirm the scope and the start date, and offer two call slots',
  },
  {
    type: 'Investment',
    words: anyWord(
      // Not "invest*": "investigating" is no investment.
      ...['invest', 'invests', 'invested', 'investing', 'investor*', 'investment*', 'funding', 'seed'],
      ...['инвест*', 'раунд*', 'inversi*'],
    ),
    approach: 'Share the key figures and propose a short call with a deck',
  },
  {
    type: 'Partnership',
    words: anyWord(
      'partner*',
      'collaborat*',
      'партн*',
      'сотрудничеств*',
      'partenariat*',
      'asociaci*',
      'socio*',
      'colaboraci*',
      'zusammenarbeit*',
    ),
    approach: 'Ask what each side brings and suggest one concrete joint step',
  },
  {
    type: 'Sale',
    words: anyWord(
      ...['pric*', 'quote', 'buy', 'purchase', 'demo', 'contract*', 'proposal*'],
      // Price words only: a bare "цен*" would also match «ценю» (I appreciate) and «ценность».
      ...['цена', 'цены', 'цене', 'цену', 'ценой', 'ценою', 'цен', 'ценам', 'ценами', 'ценах'],
      ...['ценник*', 'ценов*', 'прайс*', 'стоимост*', 'купить', 'демо', 'контракт*', 'предложени*'],
      ...['prix', 'devis', 'achat*', 'contrat*', 'precio*', 'presupuesto*', 'compra*', 'contrato*'],
      ...['preis*', 'angebot*', 'kauf*', 'vertrag*'],
    ),
    approach: 'Answer the commercial question directly and propose a demo',
  },
];

function firstSentence(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const sentence = /^(.+?[.!?…])(\s|$)/u.exec(clean)?.[1] ?? clean;
  return shortenText(sentence, max);
}

function answerLanguage(input: AnalysisInput): TemplateLanguage {
  const detected = input.text ? detectLanguage(input.text) : null;
  if (detected) return detected;
  const known = (input.contactLanguage ?? '').slice(0, 2).toLowerCase();
  return (['en', 'ru', 'fr', 'es', 'de'] as const).find((code) => code === known) ?? 'en';
}

/** Summary, recommendation, opportunity, approach, priority and language of a new task. */
export function analyzeOffline(input: AnalysisInput): TaskAnalysis {
  const who = input.contactName?.trim() || 'The contact';
  const trigger = input.triggerData ?? {};
  const text = input.text?.trim() ?? '';
  const language = answerLanguage(input);

  if (input.triggerType === 'linkedin_job_change') {
    const company = trigger.jobChangeCompany ? ` at ${trigger.jobChangeCompany}` : '';
    return {
      summary: `${who} has a new role${company}.${trigger.linkedinActivity ? ` ${firstSentence(trigger.linkedinActivity)}` : ''}`,
      recommendation: `OPPORTUNITY: congratulate ${who === 'The contact' ? 'them' : who} and reconnect this week`,
      priority: 'medium',
      language,
      analysisData: {
        opportunityType: 'Job change',
        recommendedApproach: 'A short, personal congratulation; ask how the new team works',
      },
    };
  }
  if (input.triggerType === 'rss_news') {
    const headline = trigger.newsTitle ?? firstSentence(text);
    return {
      summary: `${trigger.newsSource ? `${trigger.newsSource}: ` : ''}${headline}`,
      recommendation: `OPPORTUNITY: reach out about the news while it is fresh`,
      priority: 'low',
      language,
      analysisData: {
        opportunityType: 'News',
        recommendedApproach: 'Mention the news, add one useful thought, no pitch',
      },
    };
  }
  const social =
    input.triggerType === 'social_comment' ||
    input.type === 'linkedin_post' ||
    input.type === 'reddit_post' ||
    input.type === 'reddit_comment';
  if (social) {
    const where = trigger.community ?? trigger.platform;
    const post = trigger.originalPost ?? text;
    // A LinkedIn or Reddit post to write is the user's own: its text is the topic, not a quote.
    const ownPost =
      (input.type === 'linkedin_post' || input.type === 'reddit_post') &&
      input.triggerType !== 'social_comment' &&
      !trigger.originalPost &&
      !trigger.originalAuthor;
    const author = trigger.originalAuthor ?? (input.contactName?.trim() || 'Someone');
    return {
      summary: !post
        ? `A post for your audience${where ? ` in ${where}` : ''}`
        : ownPost
          ? `Post idea${where ? ` for ${where}` : ''}: “${firstSentence(post)}”`
          : `${author}${where ? ` in ${where}` : ''}: “${firstSentence(post)}”`,
      recommendation: 'SOCIAL: join the conversation while it is active',
      priority: 'medium',
      language,
      analysisData: {
        opportunityType: 'Community discussion',
        recommendedApproach: 'Add experience, not a pitch; end with a question',
      },
    };
  }

  const summary = text ? `${who} writes: “${firstSentence(text)}”` : `${who}: nothing written yet`;
  const urgent = isUrgent(text);
  const opportunity = OPPORTUNITIES.find((candidate) => candidate.words.test(text));
  const question = text.includes('?') || text.includes('¿');
  if (urgent) {
    return {
      summary,
      recommendation: `URGENT: answer within 24H${opportunity ? ` — ${opportunity.type.toLowerCase()}` : ''}`,
      priority: 'high',
      language,
      analysisData: {
        opportunityType: opportunity?.type ?? 'Time-critical request',
        recommendedApproach:
          opportunity?.approach ?? 'Answer today, even briefly, and say when details follow',
      },
    };
  }
  if (opportunity) {
    return {
      summary,
      recommendation: `OPPORTUNITY: ${opportunity.type.toLowerCase()} — propose a next step`,
      priority: 'high',
      language,
      analysisData: { opportunityType: opportunity.type, recommendedApproach: opportunity.approach },
    };
  }
  return {
    summary,
    recommendation: question
      ? 'Answer the question clearly and offer help'
      : 'Acknowledge and keep the conversation going',
    priority: question ? 'medium' : 'low',
    language,
    analysisData: {
      opportunityType: 'Conversation',
      recommendedApproach: question ? 'A direct answer first, context after' : 'A short, warm reply',
    },
  };
}
