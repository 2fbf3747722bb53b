import type {
  ContactSource,
  InterfaceLanguage,
  RecommendationKind,
  TaskContext,
  TaskPriority,
  TaskStatus,
  TaskType,
} from '@doppel/contracts';
import { textsIn, translate } from '../../lib/translations';

export interface SampleContact {
  key: string;
  name: string;
  company: string;
  language: InterfaceLanguage;
  source: ContactSource;
  handle: string;
}

export interface SampleTask {
  contactKey: string | null;
  type: TaskType;
  priority: TaskPriority;
  status: TaskStatus;
  title: string;
  description: string;
  /** How long before the sandbox was created the task appeared. */
  ageMinutes: number;
  context: TaskContext;
}

/** Sample contacts of a demo sandbox: one per interface language. */
export const SAMPLE_CONTACTS: SampleContact[] = [
  {
    key: 'anna',
    name: 'Anna Schneider',
    company: 'Nordlicht Ventures',
    language: 'de',
    source: 'whatsapp',
    handle: '+49 151 0000 0001',
  },
  {
    key: 'ivan',
    name: 'Иван Петров',
    company: 'СеверСофт',
    language: 'ru',
    source: 'telegram',
    handle: '@ivan_sample',
  },
  {
    key: 'claire',
    name: 'Claire Dubois',
    company: 'Atelier Numérique',
    language: 'fr',
    source: 'gmail',
    handle: 'claire@example.com',
  },
  {
    key: 'lucia',
    name: 'Lucía García',
    company: 'Soluciones Sol',
    language: 'es',
    source: 'linkedin',
    handle: 'lucia-garcia-sample',
  },
  {
    key: 'mark',
    name: 'Mark Thompson',
    company: 'Brightline Capital',
    language: 'en',
    source: 'slack',
    handle: 'U0SAMPLE',
  },
];

function sampleContact(key: string): SampleContact {
  const contact = SAMPLE_CONTACTS.find((candidate) => candidate.key === key);
  if (!contact) throw new Error(`No sample contact ${key}`);
  return contact;
}

/**
 * What a sample contact wrote (a message, a post), or a headline about them: in the contact's
 * language whatever the sandbox's, as quoted words stay as they were written (decision 038), and
 * drafts to the contact quote them. The demo dictionaries hold it in every language, so the one
 * the contact writes in is looked up.
 */
function quoted(contactKey: string, key: string): string {
  return translate(sampleContact(contactKey).language, `quoted.${key}`, {}, 'demo');
}

/**
 * A contact's message as the task shows it: translated into the sandbox's language, the original
 * kept beside it, as auto-translate does; a message already in that language is shown as it is.
 */
function inboundMessage(
  language: InterfaceLanguage,
  contactKey: string,
  key: string,
): Pick<TaskContext, 'lastMessage' | 'lastMessageOriginal'> {
  const asWritten = quoted(contactKey, key);
  if (sampleContact(contactKey).language === language) return { lastMessage: asWritten };
  return { lastMessage: translate(language, `quoted.${key}`, {}, 'demo'), lastMessageOriginal: asWritten };
}

/**
 * Sample tasks: every task type and every trigger type, about contacts in all five languages.
 * What the user reads — titles, summaries, recommendations, the analysis — is in the sandbox's
 * language; what the contacts wrote stays in theirs.
 */
export function sampleTasks(language: InterfaceLanguage): SampleTask[] {
  const t = textsIn(language, 'demo');
  const texts = (task: string) => ({
    title: t(`tasks.${task}.title`),
    description: t(`tasks.${task}.description`),
  });
  // The recommendation starts with the marker in the user's words, as the offline engine's does,
  // and says its kind, which the web app colours.
  const recommendation = (task: string, kind: RecommendationKind) => {
    const text = t(`tasks.${task}.recommendation`);
    return {
      recommendation:
        kind === 'other'
          ? text
          : translate(language, 'markers.line', { marker: translate(language, `markers.${kind}`), text }),
      recommendationKind: kind,
    };
  };
  const analysisData = (task: string) => ({
    contactActivity: t(`tasks.${task}.contactActivity`),
    opportunityType: t(`tasks.${task}.opportunityType`),
    recommendedApproach: t(`tasks.${task}.approach`),
  });
  const lucia = sampleContact('lucia');
  const mark = sampleContact('mark');
  return [
    {
      contactKey: 'anna',
      type: 'message_reply',
      priority: 'high',
      status: 'pending',
      ...texts('pilot'),
      ageMinutes: 35,
      context: {
        summary: t('tasks.pilot.summary'),
        ...recommendation('pilot', 'urgent'),
        triggerType: 'message',
        ...inboundMessage(language, 'anna', 'annaMessage'),
        analysisData: analysisData('pilot'),
      },
    },
    {
      contactKey: 'ivan',
      type: 'message_reply',
      priority: 'medium',
      status: 'pending',
      ...texts('integrations'),
      ageMinutes: 90,
      context: {
        summary: t('tasks.integrations.summary'),
        ...recommendation('integrations', 'opportunity'),
        triggerType: 'message',
        ...inboundMessage(language, 'ivan', 'ivanMessage'),
        analysisData: analysisData('integrations'),
      },
    },
    {
      contactKey: lucia.key,
      type: 'proactive_message',
      priority: 'medium',
      status: 'pending',
      ...texts('newRole'),
      ageMinutes: 240,
      context: {
        summary: t('tasks.newRole.summary'),
        ...recommendation('newRole', 'social'),
        triggerType: 'linkedin_job_change',
        triggerData: {
          jobChangeCompany: lucia.company,
          linkedinActivity: quoted(lucia.key, 'luciaPost'),
        },
        analysisData: analysisData('newRole'),
      },
    },
    {
      contactKey: 'claire',
      type: 'proactive_message',
      priority: 'low',
      status: 'in_progress',
      ...texts('funding'),
      ageMinutes: 600,
      context: {
        summary: t('tasks.funding.summary'),
        ...recommendation('funding', 'other'),
        triggerType: 'rss_news',
        triggerData: {
          newsTitle: quoted('claire', 'claireNewsTitle'),
          newsSource: t('signals.newsFeed'),
          newsUrl: 'https://example.com/news/atelier-numerique',
        },
      },
    },
    {
      contactKey: null,
      type: 'linkedin_post',
      priority: 'medium',
      status: 'pending',
      ...texts('customerCalls'),
      ageMinutes: 1440,
      context: {
        summary: t('tasks.customerCalls.summary'),
        ...recommendation('customerCalls', 'social'),
        // LinkedIn's member API gives no audience figures (decision 051): the sample has none either.
        socialContext: { platform: 'linkedin' },
      },
    },
    {
      contactKey: null,
      type: 'reddit_post',
      priority: 'low',
      status: 'pending',
      ...texts('discussion'),
      ageMinutes: 2000,
      context: {
        summary: t('tasks.discussion.summary'),
        ...recommendation('discussion', 'other'),
        // Sample figures in the shape a real measurement has (decision 051); no measuredAt, as
        // nothing was measured.
        socialContext: {
          platform: 'reddit',
          community: 'r/startups',
          audienceSize: 1_700_000,
          activeUsers: 1_240,
          engagementRate: 0.00147,
          bestPostingSlot: { weekday: 2, hourUtc: 15 },
          sampleSize: 94,
        },
      },
    },
    {
      contactKey: mark.key,
      type: 'reddit_comment',
      priority: 'high',
      status: 'pending',
      ...texts('outreachTools'),
      ageMinutes: 300,
      context: {
        summary: t('tasks.outreachTools.summary'),
        ...recommendation('outreachTools', 'opportunity'),
        triggerType: 'social_comment',
        triggerData: {
          platform: 'Reddit',
          community: 'r/venturecapital',
          originalAuthor: mark.name,
          originalPost: quoted(mark.key, 'markPost'),
        },
        socialContext: {
          platform: 'reddit',
          community: 'r/venturecapital',
          audienceSize: 251_000,
          activeUsers: 86,
          postScore: 37,
          postComments: 14,
          upvoteRatio: 0.94,
          engagementRate: 0.00717,
          bestPostingSlot: { weekday: 3, hourUtc: 14 },
          sampleSize: 100,
        },
      },
    },
    {
      contactKey: null,
      type: 'high_concept_analysis',
      priority: 'low',
      status: 'completed',
      ...texts('positioning'),
      ageMinutes: 4000,
      context: {
        summary: t('tasks.positioning.summary'),
        ...recommendation('positioning', 'other'),
      },
    },
  ];
}
