import type { MessengerConnection, MessengerPlatform } from '@doppel/contracts';
import { Grid2x2, MessageCircle, MessagesSquare, Send, type LucideIcon } from 'lucide-react';

/** Brand names, the same in every language. */
export const PLATFORM_NAMES: Record<MessengerPlatform, string> = {
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  discord: 'Discord',
  slack: 'Slack',
};

export const PLATFORM_ICONS: Record<MessengerPlatform, LucideIcon> = {
  telegram: Send,
  whatsapp: MessageCircle,
  discord: MessagesSquare,
  slack: Grid2x2,
};

/**
 * Whether a connection's messages can be pulled on demand (the server's sync): Slack always;
 * Telegram only while it has no webhook (Telegram refuses to hand out updates then); WhatsApp
 * and Discord only push to their webhook, so they get no Sync button.
 */
export function canSync(connection: Pick<MessengerConnection, 'platform' | 'inbound'>): boolean {
  if (connection.platform === 'slack') return true;
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
