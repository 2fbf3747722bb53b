import { i18n, intlLocale } from './i18n';

/*
 * The one rule for counts on screen (issue 27): the interface language's own digits and
 * separators, written in full below 10,000 ("820", "9,999") and compact from there on ("12.4K",
 * "12,4 тыс."), so a small figure never reads as "0K".
 */

/** The first figure written in compact notation. */
export const COMPACT_FROM = 10_000;

const SCALES: Readonly<Record<string, number>> = { K: 1e3, M: 1e6, B: 1e9, T: 1e12 };

/** A whole count: "820", "9,999", "12.4K", "1.3M" — or "9 999", "12,4 тыс.", "1,3 млн". */
export function formatCount(value: number, language: string): string {
  const locale = intlLocale(language);
  if (Math.abs(value) < COMPACT_FROM) {
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
  }
  return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/**
 * The count the written figure stands for ("12.4K" → 12,400), which decides the plural form of
 * the word after it: Russian says «10,1 тыс. токенов», not the «токен» that 10,101 would take.
 * English compact rounding is the same as every interface language's.
 */
export function shownCount(value: number): number {
  if (Math.abs(value) < COMPACT_FROM) return Math.round(value);
  const parts = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).formatToParts(
    value,
  );
  const digits = parts
    .filter((part) => ['minusSign', 'integer', 'decimal', 'fraction'].includes(part.type))
    .map((part) => part.value)
    .join('');
  const scale = SCALES[parts.find((part) => part.type === 'compact')?.value ?? ''] ?? 1;
  return Math.round(Number(digits) * scale);
}

/** A number of tokens with its word, in the plural form the figure takes: "1 token", "12.4K tokens". */
export function formatTokens(value: number, language: string): string {
  return i18n.t('common:units.tokens', {
    lng: language,
    count: shownCount(value),
    value: formatCount(value, language),
  });
}
