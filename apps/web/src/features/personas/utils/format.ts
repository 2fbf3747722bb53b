import { intlLocale } from '@/lib/i18n';

/** A persona's creation day in the interface language (ru-RU for Russian). */
export function formatPersonaDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(date);
}
