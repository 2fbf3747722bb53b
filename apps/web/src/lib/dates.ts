import { formatTaskDayMonth } from '@/components/tasks/task-date';
import { intlLocale } from './i18n';

/*
 * One rule for dates (docs/decisions/052-one-date-rule.md):
 * - short, on cards and list rows: day.month as the Assistant's task cards show it ("26.11"),
 *   with the year only when it is not the current one ("26.11.2025");
 * - full, in detail views and tooltips: Intl's dateStyle 'long' in the interface language
 *   ("November 26, 2026", «26 ноября 2026 г.»), with the time where a moment matters.
 */

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "26.11" this year, "26.11.2025" in another; '' for a value that is no date. */
export function formatShortDate(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const dayMonth = formatTaskDayMonth(date.toISOString());
  return date.getFullYear() === now.getFullYear() ? dayMonth : `${dayMonth}.${date.getFullYear()}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function cachedFormat(locale: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      withTime ? { dateStyle: 'long', timeStyle: 'short' } : { dateStyle: 'long' },
    );
    formats.set(key, format);
  }
  return format;
}

/** "November 26, 2026" in the interface language; '' for a value that is no date. */
export function formatFullDate(value: string | Date, language: string): string {
  const date = toDate(value);
  return date ? cachedFormat(intlLocale(language), false).format(date) : '';
}

/** "November 26, 2026 at 10:00 AM": a moment, for a tooltip or a detail. */
export function formatFullDateTime(value: string | Date, language: string): string {
  const date = toDate(value);
  return date ? cachedFormat(intlLocale(language), true).format(date) : '';
}
