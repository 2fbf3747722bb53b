import type { ContactSource } from '@doppel/contracts';
import type { TFunction } from 'i18next';
import { CHANNEL_BRANDS } from '@/lib/channel-names';

/** A channel's name: its brand, else "Email" or "Other" in the interface language. */
export function channelLabel(source: ContactSource, t: TFunction<'contacts'>): string {
  return CHANNEL_BRANDS[source] ?? (source === 'email' ? t('channel.email') : t('channel.other'));
}
