import type {
  InterfaceLanguage,
  RecommendationKind,
  TaskContext,
  TaskPriority,
  TaskType,
  TemplateLanguage,
} from '@doppel/contracts';
import { languageToAnswer } from '../language';
import { shortenText } from '../../lib/text';
import { textsIn } from '../../lib/translations';

/*
 * The offline engine's analysis: deterministic rules over the message or signal, used when no
 * language model is configured (and in demo mode). It writes in the user's interface language
 * (issue 20): whole sentences from the `twin` dictionaries (apps/web/src/locales/<language>/
 * twin.json), never words glued together. The recommendation starts with the product's marker
 * (URGENT, OPPORTUNITY, SOCIAL in English; СРОЧНО, ВОЗМОЖНОСТЬ, СОЦСЕТИ in Russian …) and says
 * its kind, which the web app colours.
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
  /** What the recommendation is about, for its colour (whatever language it is written in). */
  recommendationKind: RecommendationKind;
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
const OPPORTUNITIES: Array<{ key: 'pilot' | 'investment' | 'partnership' | 'sale'; words: RegExp }> = [
  {
    key: 'pilot',
    words: anyWord('pilot*', 'пилот*', 'piloto*'),
  },
  {
    key: 'investment',
    words: anyWord(
      // Not "invest*": "investigating" is no investment.
      ...['invest', 'invests', 'invested', 'investing', 'investor*', 'investment*', 'funding', 'seed'],
      ...['инвест*', 'раунд*', 'inversi*'],
    ),
  },
  {
    key: 'partnership',
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
  },
  {
    key: 'sale',
    words: anyWord(
      ...['pric*', 'quote', 'buy', 'purchase', 'demo', 'contract*', 'proposal*'],
      // Price words only: a bare "цен*" would also match «ценю» (I appreciate) and «ценность».
      ...['цена', 'цены', 'цене', 'цену', 'ценой', 'ценою', 'цен', 'ценам', 'ценами', 'ценах'],
      ...['ценник*', 'ценов*', 'прайс*', 'стоимост*', 'купить', 'демо', 'контракт*', 'предложени*'],
      ...['prix', 'devis', 'achat*', 'contrat*', 'precio*', 'presupuesto*', 'compra*', 'contrato*'],
      ...['preis*', 'angebot*', 'kauf*', 'vertrag*'],
    ),
  },
];

function firstSentence(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const sentence = /^(.+?[.!?…])(\s|$)/u.exec(clean)?.[1] ?? clean;
  return shortenText(sentence, max);
}

/** Words a sentence must have to say something: "Hi!", "Здравствуйте!", "Guten Tag!" do not. */
const GIST_MIN_WORDS = 3;

/**
 * The first sentence of a message that says something: a greeting that opens it on its own
 * ("Здравствуйте! Можем ли мы начать пилот…?") is passed over, so the summary quotes the request.
 */
function messageGist(text: string, max = 160): string {
  let rest = text.replace(/\s+/g, ' ').trim();
  for (;;) {
    const sentence = /^(.+?[.!?…])(\s|$)/u.exec(rest)?.[1];
    const after = sentence ? rest.slice(sentence.length).trim() : '';
    if (!sentence || !after || (sentence.match(/\p{L}+/gu)?.length ?? 0) >= GIST_MIN_WORDS)
      return shortenText(sentence ?? rest, max);
    rest = after;
  }
}

/** The message's language, else the contact's; English for a language Doppel cannot write. */
function answerLanguage(input: AnalysisInput): TemplateLanguage {
  return languageToAnswer(input.text, input.contactLanguage).language;
}

/**
 * Summary, recommendation, opportunity, approach, priority and language of a new task; the texts
 * in `interfaceLanguage` (the user's), the language to answer in from the text or the contact.
 */
export function analyzeOffline(
  input: AnalysisInput,
  interfaceLanguage: InterfaceLanguage = 'en',
): TaskAnalysis {
  const t = textsIn(interfaceLanguage);
  const named = input.contactName?.trim() || null;
  const who = named ?? t('analysis.theContact');
  const trigger = input.triggerData ?? {};
  const text = input.text?.trim() ?? '';
  const language = answerLanguage(input);
  const marked = (kind: Exclude<RecommendationKind, 'other'>, line: string) =>
    t('markers.line', { marker: t(`markers.${kind}`), text: line });

  if (input.triggerType === 'linkedin_job_change') {
    const summary = trigger.jobChangeCompany
      ? t('analysis.jobChange.summaryAt', { who, company: trigger.jobChangeCompany })
      : t('analysis.jobChange.summary', { who });
    return {
      summary: trigger.linkedinActivity ? `${summary} ${firstSentence(trigger.linkedinActivity)}` : summary,
      recommendation: marked(
        'opportunity',
        named
          ? t('analysis.jobChange.recommendation', { who: named })
          : t('analysis.jobChange.recommendationNoName'),
      ),
      recommendationKind: 'opportunity',
      priority: 'medium',
      language,
      analysisData: {
        opportunityType: t('analysis.jobChange.type'),
        recommendedApproach: t('analysis.jobChange.approach'),
      },
    };
  }
  if (input.triggerType === 'rss_news') {
    const headline = trigger.newsTitle ?? firstSentence(text);
    return {
      // The source's name and the headline are the news' own words, quoted as they are.
      summary: `${trigger.newsSource ? `${trigger.newsSource}: ` : ''}${headline}`,
      recommendation: marked('opportunity', t('analysis.news.recommendation')),
      recommendationKind: 'opportunity',
      priority: 'low',
      language,
      analysisData: {
        opportunityType: t('analysis.news.type'),
        recommendedApproach: t('analysis.news.approach'),
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
    const author = trigger.originalAuthor ?? named ?? t('analysis.someone');
    const values = { where: where ?? '', post: post ? firstSentence(post) : '', author };
    return {
      summary: !post
        ? t(where ? 'analysis.social.newPostIn' : 'analysis.social.newPost', values)
        : ownPost
          ? t(where ? 'analysis.social.ideaFor' : 'analysis.social.idea', values)
          : t(where ? 'analysis.social.quoteIn' : 'analysis.social.quote', values),
      recommendation: marked('social', t('analysis.social.recommendation')),
      recommendationKind: 'social',
      priority: 'medium',
      language,
      analysisData: {
        opportunityType: t('analysis.social.type'),
        recommendedApproach: t('analysis.social.approach'),
      },
    };
  }

  const summary = text
    ? t('analysis.message.summary', { who, text: messageGist(text) })
    : t('analysis.message.summaryEmpty', { who });
  const urgent = isUrgent(text);
  const opportunity = OPPORTUNITIES.find((candidate) => candidate.words.test(text))?.key;
  const question = text.includes('?') || text.includes('¿');
  if (urgent) {
    return {
      summary,
      recommendation: marked(
        'urgent',
        opportunity
          ? t('analysis.message.urgentAbout', {
              opportunity: t(`analysis.opportunities.${opportunity}.lower`),
            })
          : t('analysis.message.urgent'),
      ),
      recommendationKind: 'urgent',
      priority: 'high',
      language,
      analysisData: {
        opportunityType: opportunity
          ? t(`analysis.opportunities.${opportunity}.type`)
          : t('analysis.message.timeCritical'),
        recommendedApproach: opportunity
          ? t(`analysis.opportunities.${opportunity}.approach`)
          : t('analysis.message.urgentApproach'),
      },
    };
  }
  if (opportunity) {
    return {
      summary,
      recommendation: marked(
        'opportunity',
        t('analysis.message.opportunity', { opportunity: t(`analysis.opportunities.${opportunity}.lower`) }),
      ),
      recommendationKind: 'opportunity',
      priority: 'high',
      language,
      analysisData: {
        opportunityType: t(`analysis.opportunities.${opportunity}.type`),
        recommendedApproach: t(`analysis.opportunities.${opportunity}.approach`),
      },
    };
  }
  return {
    summary,
    recommendation: question ? t('analysis.message.question') : t('analysis.message.acknowledge'),
    recommendationKind: 'other',
    priority: question ? 'medium' : 'low',
    language,
    analysisData: {
      opportunityType: t('analysis.message.conversation'),
      recommendedApproach: question
        ? t('analysis.message.questionApproach')
        : t('analysis.message.shortApproach'),
    },
  };
}
