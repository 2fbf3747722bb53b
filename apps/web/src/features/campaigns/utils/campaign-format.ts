import { formatTokens } from '@/lib/format-number';
import { intlLocale } from '@/lib/i18n';

/*
 * Figures of the Growth screens in the interface language. The values come from the formulas
 * of @doppel/contracts; only their look is decided here.
 */

/** A whole number: "10,000", "10 000". */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}

/**
 * A budget or cost the contracts keep in thousands of tokens (200 → "200K tokens", 0.35 → "350
 * tokens"), written by the app's one rule for counts: never "0K".
 */
export function formatThousandTokens(thousands: number, language: string): string {
  return formatTokens(Math.round(thousands * 1000), language);
}

/** A whole percentage from 0–100: "92%", "92 %". */
export function formatPercent(value: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 0 }).format(
    value / 100,
  );
}

/**
 * US dollars with exactly `fractionDigits` decimals: "$0.10", "0,10 $". Takes the decimal
 * strings of formatEnrichmentEstimate as well, so the shown figure is the module's.
 */
export function formatUsd(value: number | string, fractionDigits: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(typeof value === 'string' ? Number(value) : value);
}

/** Names in a sentence: "Email, Phone and LinkedIn", "Email, Phone et LinkedIn". */
export function formatList(items: readonly string[], language: string): string {
  return new Intl.ListFormat(intlLocale(language), { style: 'long', type: 'conjunction' }).format(items);
}
