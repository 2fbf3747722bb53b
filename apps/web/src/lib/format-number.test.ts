import { describe, expect, it } from 'vitest';
import { formatCount, formatTokens, shownCount } from './format-number';

/** Intl separates groups and units with no-break spaces (U+00A0, U+202F); read them as spaces. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const count = (value: number, language: string) => spaced(formatCount(value, language));
const tokens = (value: number, language: string) => spaced(formatTokens(value, language));

describe('formatCount', () => {
  it('writes a figure in full below 10,000 and compact from 10,000 up, in each interface language', () => {
    const figures = [0, 820, 9_999, 10_000, 12_400, 200_000, 1_250_000];
    expect(figures.map((value) => count(value, 'en'))).toEqual([
      '0',
      '820',
      '9,999',
      '10K',
      '12.4K',
      '200K',
      '1.3M',
    ]);
    expect(figures.map((value) => count(value, 'ru'))).toEqual([
      '0',
      '820',
      '9 999',
      '10 тыс.',
      '12,4 тыс.',
      '200 тыс.',
      '1,3 млн',
    ]);
    expect(figures.map((value) => count(value, 'fr'))).toEqual([
      '0',
      '820',
      '9 999',
      '10 k',
      '12,4 k',
      '200 k',
      '1,3 M',
    ]);
    expect(figures.map((value) => count(value, 'es'))).toEqual([
      '0',
      '820',
      '9999',
      '10 mil',
      '12,4 mil',
      '200 mil',
      '1,3 M',
    ]);
    // German has no short word for thousands: compact notation writes them out.
    expect(figures.map((value) => count(value, 'de'))).toEqual([
      '0',
      '820',
      '9.999',
      '10.000',
      '12.400',
      '200.000',
      '1,3 Mio.',
    ]);
  });

  it('never writes a small figure as a fraction of a thousand', () => {
    expect(count(350, 'en')).toBe('350');
    expect(count(61_500, 'en')).toBe('61.5K');
    expect(count(499.6, 'en')).toBe('500');
  });
});

describe('shownCount', () => {
  it('is the figure the compact text stands for', () => {
    expect(shownCount(820)).toBe(820);
    expect(shownCount(10_101)).toBe(10_100);
    expect(shownCount(12_449)).toBe(12_400);
    expect(shownCount(999_950)).toBe(1_000_000);
    expect(shownCount(1_250_000)).toBe(1_300_000);
  });
});

describe('formatTokens', () => {
  it('says "tokens" in the plural form the figure takes, in each interface language', () => {
    expect([0, 1, 820, 12_400].map((value) => tokens(value, 'en'))).toEqual([
      '0 tokens',
      '1 token',
      '820 tokens',
      '12.4K tokens',
    ]);
    expect([1, 2, 5, 21, 10_101, 1_000_000].map((value) => tokens(value, 'ru'))).toEqual([
      '1 токен',
      '2 токена',
      '5 токенов',
      '21 токен',
      // «10,1 тыс.» is read as thousands: «токенов», whatever 10,101 alone would take.
      '10,1 тыс. токенов',
      '1 млн токенов',
    ]);
    expect([1, 820, 12_400, 1_000_000].map((value) => tokens(value, 'fr'))).toEqual([
      '1 jeton',
      '820 jetons',
      '12,4 k jetons',
      '1 M de jetons',
    ]);
    expect([1, 820, 12_400, 1_000_000].map((value) => tokens(value, 'es'))).toEqual([
      '1 token',
      '820 tokens',
      '12,4 mil tokens',
      '1 M de tokens',
    ]);
    expect([1, 820, 12_400, 1_250_000].map((value) => tokens(value, 'de'))).toEqual([
      '1 Token',
      '820 Tokens',
      '12.400 Tokens',
      '1,3 Mio. Tokens',
    ]);
  });
});
