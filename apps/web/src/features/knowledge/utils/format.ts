import type { DocumentType } from '@doppel/contracts';
import { intlLocale } from '@/lib/i18n';

const BYTES_PER_MB = 1024 * 1024;

/** A size in megabytes with two decimals: "1.25 MB", "1,25 МБ", "1,25 Mo". */
export function formatMegabytes(bytes: number, language: string, fractionDigits = 2): string {
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'unit',
    unit: 'megabyte',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(bytes / BYTES_PER_MB);
}

/** A whole percentage from 0–100: "85%", "85 %". */
export function formatPercent(value: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 0 }).format(
    value / 100,
  );
}

export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}

/**
 * Format names that are the same word in every language (like the languages' own names in
 * lib/i18n.ts), so they are kept out of the dictionaries; the others are translated.
 */
export const FORMAT_NAMES: Partial<Record<DocumentType, string>> = {
  md: 'Markdown',
  pdf: 'PDF',
  youtube: 'YouTube',
};
