import { intlLocale } from '@/lib/i18n';

const formats = new Map<string, { time: Intl.DateTimeFormat; full: Intl.DateTimeFormat }>();

function formatsFor(language: string) {
  let entry = formats.get(language);
  if (!entry) {
    const locale = intlLocale(language);
    entry = {
      // A console clock: hours and minutes, 24-hour, in every language.
      time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
      full: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }),
    };
    formats.set(language, entry);
  }
  return entry;
}

/** "09:30": when a console message was written, in the interface language. */
export function formatChatTime(iso: string, language: string): string {
  return formatsFor(language).time.format(new Date(iso));
}

/** "5 November 2026 at 09:30": the same moment with its day, for a tooltip. */
export function formatChatDateTime(iso: string, language: string): string {
  return formatsFor(language).full.format(new Date(iso));
}
