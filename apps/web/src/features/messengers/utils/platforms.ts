import type { MessengerConnection, MessengerPlatform } from '@doppel/contracts';
import { Grid2x2, Mail, MessageCircle, MessagesSquare, Send, type LucideIcon } from 'lucide-react';
import { i18n } from '@/lib/i18n';

/** Brand names, the same in every language. */
const BRAND_NAMES: Record<Exclude<MessengerPlatform, 'email'>, string> = {
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  discord: 'Discord',
  slack: 'Slack',
};

/** A platform's name: the brand, or for the user's own mailbox the interface language's word. */
export function platformName(platform: MessengerPlatform): string {
  return platform === 'email' ? i18n.t('messengers:emailName') : BRAND_NAMES[platform];
}

export const PLATFORM_ICONS: Record<MessengerPlatform, LucideIcon> = {
  telegram: Send,
  whatsapp: MessageCircle,
  discord: MessagesSquare,
  slack: Grid2x2,
  email: Mail,
};

/**
 * Whether a connection's messages can be pulled on demand (the server's sync): Slack and a
 * mailbox always; Telegram only while it has no webhook (Telegram refuses to hand out updates
 * then); WhatsApp and Discord only push to their webhook, so they get no Sync button.
 */
export function canSync(connection: Pick<MessengerConnection, 'platform' | 'inbound'>): boolean {
  if (connection.platform === 'slack' || connection.platform === 'email') return true;
  return connection.platform === 'telegram' && !connection.inbound.registered;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
