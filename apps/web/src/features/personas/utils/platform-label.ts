import type { TemplatePlatform } from '@doppel/contracts';
import type { TFunction } from 'i18next';

/** Messengers keep their brand names in every language; only "universal" is translated. */
const MESSENGER_NAMES: Record<Exclude<TemplatePlatform, 'universal'>, string> = {
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  slack: 'Slack',
  discord: 'Discord',
};

export function platformLabel(platform: TemplatePlatform, t: TFunction<'personas'>): string {
  return platform === 'universal' ? t('platform.universal') : MESSENGER_NAMES[platform];
}
