import type { AiModel } from '@doppel/contracts';
import type { TFunction } from 'i18next';

/**
 * A model's name as the user reads it: the built-in engines' names in the interface language
 * (the server names them in English for API clients), the user's own models as they named them.
 */
export function modelName(model: Pick<AiModel, 'kind' | 'name'>, t: TFunction<'settings'>): string {
  if (model.kind === 'offline') return t('aiModels.card.offlineName');
  if (model.kind === 'server') return t('aiModels.card.serverDefault');
  return model.name;
}
