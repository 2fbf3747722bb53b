import type { ContactSource, TaskContext, TaskPriority, TaskStatus, TaskType } from '@doppel/contracts';

export interface SampleContact {
  key: string;
  name: string;
  company: string;
  language: 'en' | 'ru' | 'fr' | 'es' | 'de';
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

/** Sample tasks: every task type and every trigger type, in the contacts' languages. */
export const SAMPLE_TASKS: SampleTask[] = [
  {
    contactKey: 'anna',
    type: 'message_reply',
    priority: 'high',
    status: 'pending',
    title: 'Reply to Anna about the pilot',
    description: 'Anna asks whether the pilot can start next month.',
    ageMinutes: 35,
    context: {
      summary: 'Anna wants to start a paid pilot next month and asks for a short call.',
      recommendation: 'URGENT: answer within 24H and propose two call slots.',
      triggerType: 'message',
      lastMessage: 'Hi! Could we start the pilot next month? A short call this week would help.',
      lastMessageOriginal:
        'Hallo! Könnten wir den Pilot nächsten Monat starten? Ein kurzer Call diese Woche wäre hilfreich.',
      analysisData: {
        contactActivity: 'Replied within an hour to the last three messages',
        opportunityType: 'Paid pilot',
        recommendedApproach: 'Confirm the date, offer two slots',
      },
    },
  },
  {
    contactKey: 'ivan',
    type: 'message_reply',
    priority: 'medium',
    status: 'pending',
    title: 'Answer Ivan’s question on integrations',
    description: 'Ivan asks whether Telegram and Slack can be connected at once.',
    ageMinutes: 90,
    context: {
      summary: 'Ivan is evaluating the product for his team and asks about integrations.',
      recommendation: 'OPPORTUNITY: show both integrations and offer a demo.',
      triggerType: 'message',
      lastMessage: 'Can Telegram and Slack be connected at the same time?',
      lastMessageOriginal: 'Можно ли подключить Telegram и Slack одновременно?',
      analysisData: {
        contactActivity: 'Three messages this week',
        opportunityType: 'Team licence',
        recommendedApproach: 'Short, concrete answer with a link',
      },
    },
  },
  {
    contactKey: 'lucia',
    type: 'proactive_message',
    priority: 'medium',
    status: 'pending',
    title: 'Congratulate Lucía on her new role',
    description: 'Lucía became Head of Partnerships at Soluciones Sol.',
    ageMinutes: 240,
    context: {
      summary: 'A job change is a natural moment to reconnect.',
      recommendation: 'SOCIAL: congratulate and suggest a catch-up.',
      triggerType: 'linkedin_job_change',
      triggerData: {
        jobChangeCompany: 'Soluciones Sol',
        linkedinActivity: 'Started as Head of Partnerships',
      },
      analysisData: {
        contactActivity: 'Posts weekly on LinkedIn',
        opportunityType: 'Partnership',
        recommendedApproach: 'Warm, personal note',
      },
    },
  },
  {
    contactKey: 'claire',
    type: 'proactive_message',
    priority: 'low',
    status: 'in_progress',
    title: 'Share the funding news with Claire',
    description: 'Atelier Numérique raised a seed round; a good time to reach out.',
    ageMinutes: 600,
    context: {
      summary: 'Claire’s company announced a seed round in the press.',
      recommendation: 'Mention the news and offer help with scaling outreach.',
      triggerType: 'rss_news',
      triggerData: {
        newsTitle: 'Atelier Numérique lève 2 M€',
        newsSource: 'Sample Tech News',
        newsUrl: 'https://example.com/news/atelier-numerique',
      },
    },
  },
  {
    contactKey: null,
    type: 'linkedin_post',
    priority: 'medium',
    status: 'pending',
    title: 'Post: lessons from 100 customer calls',
    description: 'A story post for your LinkedIn audience.',
    ageMinutes: 1440,
    context: {
      summary: 'Your audience engages most with founder stories.',
      recommendation: 'SOCIAL: publish on Tuesday morning.',
      socialContext: { audienceSize: 4800, engagementRate: 3.4, bestPostingTime: 'Tuesday 09:00' },
    },
  },
  {
    contactKey: null,
    type: 'reddit_post',
    priority: 'low',
    status: 'pending',
    title: 'Start a discussion in r/startups',
    description: 'Ask founders how they follow up after conferences.',
    ageMinutes: 2000,
    context: {
      summary: 'A discussion post fits the community rules better than a showcase.',
      recommendation: 'Ask an open question and answer comments within the first hour.',
      socialContext: { audienceSize: 1_700_000, engagementRate: 1.2, bestPostingTime: 'Weekdays 15:00 UTC' },
    },
  },
  {
    contactKey: 'mark',
    type: 'reddit_comment',
    priority: 'high',
    status: 'pending',
    title: 'Comment on Mark’s thread about outreach tools',
    description: 'Mark asked for recommendations on founder outreach.',
    ageMinutes: 300,
    context: {
      summary: 'Mark (an investor you know) asked the community for tool recommendations.',
      recommendation: 'OPPORTUNITY: answer as an expert, without a hard sell.',
      triggerType: 'social_comment',
      triggerData: {
        platform: 'Reddit',
        community: 'r/venturecapital',
        originalAuthor: 'Mark Thompson',
        originalPost: 'Which tools do founders use to keep up with investor updates?',
      },
    },
  },
  {
    contactKey: null,
    type: 'high_concept_analysis',
    priority: 'low',
    status: 'completed',
    title: 'Review your positioning for Q4',
    description: 'Compare your current positioning with the goal of your main persona.',
    ageMinutes: 4000,
    context: {
      summary: 'Your messages focus on features; your goal persona responds to outcomes.',
      recommendation: 'Rewrite the three key messages around outcomes.',
    },
  },
];
