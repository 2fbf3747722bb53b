import type { MessengerPlatform } from '@doppel/contracts';
import type { Config } from '../../lib/config';
import { createDiscordAdapter } from './discord';
import type { MessengerAdapter } from './messenger-adapter';
import { createSlackAdapter } from './slack';
import { createTelegramAdapter } from './telegram';
import { createWhatsAppAdapter, type WhatsAppAdapter } from './whatsapp';

/** The platforms a bot adapter speaks for; email is the user's own mailbox (integrations/email). */
export type BotPlatform = Exclude<MessengerPlatform, 'email'>;

const cache = new WeakMap<Config, Map<BotPlatform, MessengerAdapter>>();

/** The adapter of a platform at the configured API base URL (tests point them at fakes). */
export function messengerAdapter(config: Config, platform: BotPlatform): MessengerAdapter {
  let adapters = cache.get(config);
  if (!adapters) {
    adapters = new Map();
    cache.set(config, adapters);
  }
  let adapter = adapters.get(platform);
  if (!adapter) {
    const urls = config.messengerApiUrls;
    adapter =
      platform === 'telegram'
        ? createTelegramAdapter(urls.telegram, { retry: config.messengerRetry })
        : platform === 'whatsapp'
          ? createWhatsAppAdapter(urls.whatsapp, { retry: config.messengerRetry })
          : platform === 'slack'
            ? createSlackAdapter(urls.slack, { retry: config.messengerRetry })
            : createDiscordAdapter(urls.discord, { retry: config.messengerRetry });
    adapters.set(platform, adapter);
  }
  return adapter;
}

/** The WhatsApp adapter with its templates (the same instance messengerAdapter gives). */
export function whatsAppAdapter(config: Config): WhatsAppAdapter {
  return messengerAdapter(config, 'whatsapp') as WhatsAppAdapter;
}
