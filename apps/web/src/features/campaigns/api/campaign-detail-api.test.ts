import { describe, expect, it } from 'vitest';
import { fileNameOf } from './campaign-detail-api';

describe('fileNameOf', () => {
  it('prefers the UTF-8 name of a Content-Disposition header', () => {
    expect(
      fileNameOf(`attachment; filename="Seed_.csv"; filename*=UTF-8''S%C3%A9ed%20-%20call%20list.csv`),
    ).toBe('Séed - call list.csv');
  });

  it('falls back to the plain name, and to none', () => {
    expect(fileNameOf('attachment; filename="call-list.csv"')).toBe('call-list.csv');
    expect(fileNameOf(`attachment; filename="a.csv"; filename*=UTF-8''%E0%A4%A`)).toBe('a.csv');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
