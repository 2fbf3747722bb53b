/** Day and month in ru-RU format ("22.11"), as task cards show their creation date (spec §2, §9). */
const DAY_MONTH = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit' });

export function formatTaskDayMonth(iso: string): string {
  return DAY_MONTH.format(new Date(iso));
}
