const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * Day and month in ru-RU format ("22.11"), as task cards show their creation date. Built by
 * hand: an Intl formatter for ru-RU costs a locale-data load on first use, on the critical path
 * of the Assistant's first paint.
 */
export function formatTaskDayMonth(iso: string): string {
  const date = new Date(iso);
  return `${twoDigits(date.getDate())}.${twoDigits(date.getMonth() + 1)}`;
}
