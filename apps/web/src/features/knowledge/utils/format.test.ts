import { describe, expect, it } from 'vitest';
import { formatMegabytes, formatPercent } from './format';

describe('document formatting', () => {
  it('shows sizes in MB with two decimals, in the interface language', () => {
    expect(formatMegabytes(1_310_720, 'en')).toBe('1.25 MB');
    expect(formatMegabytes(0, 'en')).toBe('0.00 MB');
    expect(formatMegabytes(1_310_720, 'ru').replace(/\s/g, ' ')).toBe('1,25 МБ');
    expect(formatMegabytes(20 * 1024 * 1024, 'en', 0)).toBe('20 MB');
  });

  it('shows whole percentages', () => {
    expect(formatPercent(65, 'en')).toBe('65%');
    expect(formatPercent(80, 'fr').replace(/\s/g, ' ')).toBe('80 %');
  });
});
