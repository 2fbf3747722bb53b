import { formatShortDate } from '@/lib/dates';

/** A persona's creation day on its card: the short date of the one date rule ("26.11"). */
export function formatPersonaDate(iso: string): string {
  return formatShortDate(iso);
}
