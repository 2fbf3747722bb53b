import { campaignSources, enrichmentToolIds, outreachChannelIds } from '@doppel/contracts';
import { useTranslation } from 'react-i18next';
import { useCampaignLabels } from '../use-campaign-labels';
import { isOneOf } from '@/lib/utils';

/**
 * The list's names of sources, tools and channels (one wording across the Growth screens), and
 * a run note's subject — a source, a tool or a channel id, 'ai' or 'quality' — named the same way.
 */
export function useDetailLabels() {
  const labels = useCampaignLabels();
  const { t } = useTranslation('campaignDetail');
  return {
    ...labels,
    subject: (id: string): string => {
      // The campaign's AI (its token budget): the AI configuration card's name.
      if (id === 'ai') return t('ai.title');
      // The data-quality threshold (leads held below it).
      if (id === 'quality') return t('run.subjects.quality');
      if (isOneOf(campaignSources, id)) return labels.source(id);
      if (isOneOf(outreachChannelIds, id)) return labels.channel(id);
      if (isOneOf(enrichmentToolIds, id)) return labels.tool(id);
      return id;
    },
  };
}
