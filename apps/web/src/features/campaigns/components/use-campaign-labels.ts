import {
  CONTACT_SOURCES,
  ENRICHMENT_TOOLS,
  OUTREACH_CHANNELS,
  type CampaignSource,
  type CampaignType,
  type EnrichmentTool,
  type OutreachChannel,
} from '@doppel/contracts';
import { useTranslation } from 'react-i18next';

/**
 * Product names that are the same in every language (like the language names in lib/i18n.ts),
 * so they come from the contracts instead of the dictionaries; the rest are translated.
 */
const PROPER_SOURCES = ['pipedrive', 'google_sheets'] as const satisfies readonly CampaignSource[];
const PROPER_CHANNELS = ['linkedin', 'whatsapp', 'facebook'] as const satisfies readonly OutreachChannel[];
type TranslatedSource = Exclude<CampaignSource, (typeof PROPER_SOURCES)[number]>;
type TranslatedChannel = Exclude<OutreachChannel, (typeof PROPER_CHANNELS)[number]>;

function isProper<T extends string>(list: readonly string[], id: T): boolean {
  return list.includes(id);
}

function contractLabel(list: readonly { id: string; label: string }[], id: string): string {
  return list.find((item) => item.id === id)?.label ?? id;
}

/** Names of campaign types, sources, enrichment tools and channels in the interface language. */
export function useCampaignLabels() {
  const { t } = useTranslation('campaigns');
  return {
    type: (type: CampaignType) => t(`types.${type}`),
    source: (source: CampaignSource) =>
      isProper(PROPER_SOURCES, source)
        ? contractLabel(CONTACT_SOURCES, source)
        : t(`sources.${source as TranslatedSource}`),
    /** Enrichment providers are product names in every language. */
    tool: (tool: EnrichmentTool) => contractLabel(ENRICHMENT_TOOLS, tool),
    channel: (channel: OutreachChannel) =>
      isProper(PROPER_CHANNELS, channel)
        ? contractLabel(OUTREACH_CHANNELS, channel)
        : t(`channels.${channel as TranslatedChannel}`),
  };
}

export type CampaignLabels = ReturnType<typeof useCampaignLabels>;
