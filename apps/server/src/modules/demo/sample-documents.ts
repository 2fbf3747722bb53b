import type { TextDocumentInput } from '../knowledge';

/**
 * The demo sandbox's knowledge base: one sample of every category, written so
 * that the sample tasks find them when the twin drafts. Labelled as samples by is_sample.
 * The addresses are example.com's: nothing is fetched for a sample.
 */
export const SAMPLE_DOCUMENTS: Array<Omit<TextDocumentInput, 'isSample'>> = [
  {
    name: 'Pilot pricing rules',
    category: 'thoughts',
    type: 'thought',
    text: [
      'Our pilots are always paid: four weeks for 5,000 EUR, credited against the annual plan.',
      '',
      'A pilot starts only with a named start date and one success metric agreed upfront.',
      '',
      'Never discount a pilot; offer a longer pilot instead when budget is tight.',
    ].join('\n'),
  },
  {
    name: 'Product one-pager.md',
    category: 'documents',
    type: 'md',
    text: [
      '# Doppel for sales teams',
      '',
      'Doppel reads Telegram, WhatsApp, Slack and Discord and turns each message into a task with a ready reply.',
      '',
      '## Integrations',
      '',
      '- Telegram and WhatsApp connect in two minutes.',
      '- Slack and Discord sync both ways.',
      '',
      '## Plans',
      '',
      'The team plan costs 49 EUR per seat per month; the annual plan saves 20 percent.',
    ].join('\n'),
  },
  {
    name: 'Why founders should answer within a day',
    category: 'articles',
    type: 'article',
    url: 'https://example.com/articles/answer-within-a-day',
    description: 'Response time and conversion in early-stage sales.',
    text: [
      'Leads answered within 24 hours convert several times more often than leads answered later.',
      '',
      'Founders who reply the same day also learn faster what their buyers care about.',
    ].join('\n'),
  },
  {
    name: 'Sales glossary',
    category: 'references',
    type: 'txt',
    text: [
      'ARR: annual recurring revenue.',
      'Pilot: a paid trial of four weeks with one success metric.',
      'Champion: the person inside the buyer who argues for us.',
    ].join('\n'),
  },
  {
    name: 'Investor update template',
    category: 'links',
    type: 'link',
    url: 'https://example.com/templates/investor-update',
    description: 'A monthly investor update in five sections.',
    text: 'A monthly investor update: highlights, metrics, lowlights, asks and thanks. Send it on the same day every month.',
  },
];
