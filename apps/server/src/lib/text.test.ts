import { describe, expect, it } from 'vitest';
import {
  cutText,
  hasUnstorableText,
  safeCutIndex,
  shortenText,
  storableText,
  storableTextPieces,
} from './text';

const wellFormed = (text: string) =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe('text a column can store', () => {
  it('finds NUL and unpaired surrogates, and nothing in whole emoji or other scripts', () => {
    for (const bad of ['a\u0000b', '\ud800', 'x\ud83d', '\ude00y', '\ude00\ud83d'])
      expect(hasUnstorableText(bad)).toBe(true);
    for (const good of ['', 'plain', '😀👩🏽‍💻', 'Привет, 世界', '\u0001\uFFFD'])
      expect(hasUnstorableText(good)).toBe(false);
  });

  it('makes outside text storable: NUL dropped, half an emoji replaced, the rest kept', () => {
    expect(storableText('Pri\u0000ce 😀 \ud83d!')).toBe('Price 😀 \uFFFD!');
    expect(storableText('\ude00')).toBe('\uFFFD');
    const clean = 'nothing to do 😀';
    expect(storableText(clean)).toBe(clean);
  });

  it('cuts at any length without splitting a surrogate pair', () => {
    const text = `a${'😀'.repeat(10)}`;
    for (let max = 0; max <= text.length + 1; max++) {
      const cut = cutText(text, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(cut.length).toBeGreaterThanOrEqual(Math.min(max, text.length) - 1);
      expect(wellFormed(cut)).toBe(true);
      expect(text.startsWith(cut)).toBe(true);
    }
    expect(safeCutIndex('😀', 1)).toBe(0);
    expect(safeCutIndex('😀', 2)).toBe(2);
  });

  it('shortens with an ellipsis within the limit, and leaves text that fits alone', () => {
    expect(shortenText('short', 10)).toBe('short');
    expect(shortenText('😀'.repeat(80), 160)).toBe('😀'.repeat(80));
    for (const max of [10, 11]) {
      const short = shortenText('😀'.repeat(80), max);
      expect(short.length).toBeLessThanOrEqual(max);
      expect(short.endsWith('…')).toBe(true);
      expect(wellFormed(short)).toBe(true);
    }
  });

  it('makes a stream storable piece by piece, keeping an emoji split between two pieces whole', () => {
    const pieces = storableTextPieces();
    const out = ['Hi\u0000 \ud83d', '\ude00\ud83d', '\ude00 x\ud83d'].map((piece) => pieces.next(piece));
    expect(out).toEqual(['Hi ', '😀', '😀 x']);
    expect(pieces.end()).toBe('\uFFFD');
    expect(pieces.end()).toBe('');
    const lone = storableTextPieces();
    expect(lone.next('\udc00a')).toBe('\uFFFDa');
  });
});
