import { describe, expect, it } from 'vitest';
import { formatCount, formatList, formatRelativeTime, parseKeywords, taskHref } from './signal-format';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe('formatRelativeTime', () => {
  it('says how long ago or how soon, in the interface language', () => {
    expect(formatRelativeTime(at(-5), 'en', NOW)).toBe('5 minutes ago');
    expect(formatRelativeTime(at(10), 'en', NOW)).toBe('in 10 minutes');
    expect(formatRelativeTime(at(-180), 'en', NOW)).toBe('3 hours ago');
    expect(formatRelativeTime(at(-24 * 60), 'en', NOW)).toBe('yesterday');
    expect(formatRelativeTime(at(0), 'en', NOW)).toBe('now');
    expect(formatRelativeTime(at(-5), 'ru', NOW)).toBe('5 минут назад');
    expect(formatRelativeTime(at(10), 'de', NOW)).toBe('in 10 Minuten');
  });

  it('shows nothing for a time it cannot read', () => {
    expect(formatRelativeTime('not a date', 'en', NOW)).toBe('');
  });
});

describe('formatCount and formatList', () => {
  it('group digits and join names the language’s way', () => {
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatCount(12345, 'ru')).toBe('12\u00a0345');
    expect(formatList(['LinkedIn', 'Reddit'], 'en')).toBe('LinkedIn and Reddit');
    expect(formatList(['LinkedIn', 'Reddit'], 'fr')).toBe('LinkedIn et Reddit');
  });
});

describe('parseKeywords', () => {
  it('splits on commas and new lines and drops blanks', () => {
    expect(parseKeywords(' pricing, ,fundraising\nhiring ,')).toEqual(['pricing', 'fundraising', 'hiring']);
    expect(parseKeywords('   ')).toEqual([]);
  });
});

describe('taskHref', () => {
  it('opens the Assistant with the task selected', () => {
    expect(taskHref('a b')).toBe('/actions?task=a%20b');
  });
});
