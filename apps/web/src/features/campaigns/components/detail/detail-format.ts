import { intlLocale } from '@/lib/i18n';

/** Figures and dates of the detail screen, formatted for the interface language. */
export function formatNumber(value: number, language: string, maximumFractionDigits = 0): string {
  return new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits }).format(value);
}

/** A figure already in percent (25 → "25%"), with at most one decimal. */
export function formatPercent(value: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 1 }).format(
    value / 100,
  );
}

/** "2026-03-02" (a day of the chart) → "Mar 2", read as that calendar day wherever the user is. */
export function formatDay(day: string, language: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(intlLocale(language), {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)));
}
