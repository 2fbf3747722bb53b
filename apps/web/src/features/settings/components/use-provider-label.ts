import type { AiModel } from '@doppel/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Product names stay as they are in every language; the two descriptive ones are translated. */
const BRAND_NAMES = { openai: 'OpenAI', anthropic: 'Anthropic' } as const;

export function useProviderLabel(): (provider: AiModel['provider']) => string {
  const { t } = useTranslation('settings');
  return useCallback(
    (provider) => {
      if (provider === 'openai-compatible') return t('aiModels.providers.openaiCompatible');
      if (provider === 'offline') return t('aiModels.providers.offline');
      return BRAND_NAMES[provider];
    },
    [t],
  );
}
