import { describe, expect, it } from 'vitest';
import { formatTaskDayMonth } from '@/components/tasks/task-date';
import { formatFullDate, formatFullDateTime, formatShortDate } from './dates';

// Local noon, so the day is the same in every time zone the tests may run in.
const local = (year: number, month: number, day: number) => new Date(year, month - 1, day, 12);
const now = local(2026, 11, 28);

describe('formatShortDate', () => {
  it('writes day.month like the Assistant’s task cards within the current year', () => {
    const iso = local(2026, 11, 26).toISOString();
    expect(formatShortDate(iso, now)).toBe('26.11');
    expect(formatShortDate(iso, now)).toBe(formatTaskDayMonth(iso));
    expect(formatShortDate(local(2026, 1, 3), now)).toBe('03.01');
  });

  it('adds the year when the date is in another year, past or future', () => {
    expect(formatShortDate(local(2025, 12, 31).toISOString(), now)).toBe('31.12.2025');
    expect(formatShortDate(local(2027, 2, 1).toISOString(), now)).toBe('01.02.2027');
  });

  it('gives nothing for a value that is no date', () => {
    expect(formatShortDate('not a date', now)).toBe('');
  });
});

describe('formatFullDate', () => {
  it('spells the long date in the interface language', () => {
    const date = local(2026, 11, 26);
    expect(formatFullDate(date, 'en')).toBe('November 26, 2026');
    expect(formatFullDate(date, 'ru')).toBe('26 ноября 2026 г.');
    expect(formatFullDate(date, 'de')).toBe('26. November 2026');
    expect(formatFullDate(date, 'fr')).toBe('26 novembre 2026');
    expect(formatFullDate(date, 'es')).toBe('26 de noviembre de 2026');
    expect(formatFullDate('nope', 'en')).toBe('');
  });

  it('adds the time for a moment', () => {
    const moment = new Date(2026, 10, 26, 9, 5);
    expect(formatFullDateTime(moment, 'en')).toBe('November 26, 2026 at 9:05 AM');
    expect(formatFullDateTime(moment, 'ru')).toBe('26 ноября 2026 г. в 09:05');
  });
});
