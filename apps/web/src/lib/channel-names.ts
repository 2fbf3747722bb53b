import type { ContactSource } from '@doppel/contracts';

/** Brand names are the same in every language, so they stay out of the dictionaries. */
export const CHANNEL_BRANDS: Partial<Record<ContactSource, string>> = {
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  slack: 'Slack',
  discord: 'Discord',
  gmail: 'Gmail',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  reddit: 'Reddit',
};
