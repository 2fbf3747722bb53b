import { formatFullDateTime } from '@/lib/dates';
import { intlLocale } from '@/lib/i18n';

/*
 * The Signals view's figures and times in the interface language. Times are relative ("5
 * minutes ago", "in 10 minutes"); the exact moment is offered beside them as a tooltip.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A whole number: "1,234", "1 234". */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}

/** "5 minutes ago", "in 2 hours", "yesterday", "now" — relative to `now`. */
export function formatRelativeTime(iso: string, language: string, now: number): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  const format = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' });
  const diff = time - now;
  const size = Math.abs(diff);
  if (size < MINUTE) return format.format(0, 'second');
  if (size < HOUR) return format.format(Math.round(diff / MINUTE), 'minute');
  if (size < DAY) return format.format(Math.round(diff / HOUR), 'hour');
  return format.format(Math.round(diff / DAY), 'day');
}

/** The exact moment, for a tooltip: the full date of the one date rule, with the time. */
export function formatDateTime(iso: string, language: string): string {
  return formatFullDateTime(iso, language);
}

/** Names in a sentence: "LinkedIn and Reddit", "LinkedIn et Reddit". */
export function formatList(items: readonly string[], language: string): string {
  return new Intl.ListFormat(intlLocale(language), { style: 'long', type: 'conjunction' }).format(items);
}

/** Keywords as typed in one field, separated by commas (or new lines); blanks dropped. */
export function parseKeywords(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword !== '');
}

/** Where the Assistant shows one task: its list with that task selected. */
export function taskHref(taskId: string): string {
  return `/actions?task=${encodeURIComponent(taskId)}`;
}
