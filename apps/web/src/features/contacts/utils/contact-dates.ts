import { formatTaskDayMonth } from '@/components/tasks/task-date';
import { intlLocale } from '@/lib/i18n';

/** A list's short date, as task cards write it ("26.11"), with the year when it is not this one. */
export function shortDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const dayMonth = formatTaskDayMonth(iso);
  return date.getFullYear() === now.getFullYear() ? dayMonth : `${dayMonth}.${date.getFullYear()}`;
}

/** The full date in the interface language ("26 November 2026"), for titles and screen readers. */
export function longDate(iso: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long' }).format(new Date(iso));
}

/** A message's moment in the interface language: date and time ("26 Nov 2026, 14:05"). */
export function messageTime(iso: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}
