import { describe, expect, it } from 'vitest';
import { dueDayToIso, isOverdue } from './due-date';

describe('dueDayToIso', () => {
  it('turns a day into the last moment of that local day', () => {
    const iso = dueDayToIso('2026-03-05')!;
    const local = new Date(iso);
    expect([local.getFullYear(), local.getMonth(), local.getDate()]).toEqual([2026, 2, 5]);
    expect([local.getHours(), local.getMinutes()]).toEqual([23, 59]);
    expect(iso).toMatch(/Z$/);
  });

  it('gives null for an empty, malformed or impossible day', () => {
    expect(dueDayToIso('')).toBeNull();
    expect(dueDayToIso('05.03.2026')).toBeNull();
    expect(dueDayToIso('2026-02-31')).toBeNull();
  });
});

describe('isOverdue', () => {
  it('is true only once the due moment has passed', () => {
    const now = new Date('2026-03-05T12:00:00Z');
    expect(isOverdue('2026-03-05T11:59:59Z', now)).toBe(true);
    expect(isOverdue('2026-03-05T12:00:01Z', now)).toBe(false);
  });
});
