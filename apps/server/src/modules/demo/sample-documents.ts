import type { InterfaceLanguage } from '@doppel/contracts';
import { textsIn } from '../../lib/translations';
import type { TextDocumentInput } from '../knowledge';

/**
 * The demo sandbox's knowledge base, in the sandbox's language: one sample of every category,
 * written so that the sample tasks find them when the twin drafts. Labelled as samples by
 * is_sample. The addresses are example.com's: nothing is fetched for a sample.
 */
export function sampleDocuments(language: InterfaceLanguage): Array<Omit<TextDocumentInput, 'isSample'>> {
  const t = textsIn(language, 'demo');
  const texts = (document: string) => ({
    name: t(`documents.${document}.name`),
    text: t(`documents.${document}.text`),
  });
  return [
    { ...texts('pilotPricing'), category: 'thoughts', type: 'thought' },
    { ...texts('onePager'), category: 'documents', type: 'md' },
    {
      ...texts('answerWithinADay'),
      category: 'articles',
      type: 'article',
      url: 'https://example.com/articles/answer-within-a-day',
      description: t('documents.answerWithinADay.description'),
    },
    { ...texts('glossary'), category: 'references', type: 'txt' },
    {
      ...texts('investorUpdate'),
      category: 'links',
      type: 'link',
      url: 'https://example.com/templates/investor-update',
      description: t('documents.investorUpdate.description'),
    },
  ];
}
