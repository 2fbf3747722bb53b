/*
 * A due date is asked for as a day (an <input type="date">, "2026-03-05"); the API stores an
 * instant. A task is due by the end of that day where the user is, so the day reads the same back.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "2026-03-05" → the ISO instant of 23:59:59.999 local time that day; null for an empty or impossible day. */
export function dueDayToIso(day: string): string | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const end = new Date(year, month - 1, date, 23, 59, 59, 999);
  // new Date() rolls 2026-02-31 over into March; such a day does not exist.
  if (end.getFullYear() !== year || end.getMonth() !== month - 1 || end.getDate() !== date) return null;
  return end.toISOString();
}

/** The local day of an instant, as a date input holds it ("2026-03-05"). */
export function dueDayOf(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

/** Whether a task due at `dueAt` is past its day at `now`. */
export function isOverdue(dueAt: string, now: Date = new Date()): boolean {
  return new Date(dueAt).getTime() < now.getTime();
}
