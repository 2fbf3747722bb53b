import { describe, expect, it } from 'vitest';
import { parseSnippet } from './snippet';

describe('parseSnippet', () => {
  it('splits the matched words marked with [[ ]] from the text around them', () => {
    expect(parseSnippet('We raised [[prices]] for [[enterprise]] plans.')).toEqual([
      { text: 'We raised ', match: false },
      { text: 'prices', match: true },
      { text: ' for ', match: false },
      { text: 'enterprise', match: true },
      { text: ' plans.', match: false },
    ]);
  });

  it('joins neighbouring matches and keeps markup-looking text as plain text', () => {
    expect(parseSnippet('[[<b>]][[x]] and <i>')).toEqual([
      { text: '<b>x', match: true },
      { text: ' and <i>', match: false },
    ]);
  });

  it('shows an unclosed or lone marker as it is', () => {
    expect(parseSnippet('a [[b and c]] d')).toEqual([
      { text: 'a ', match: false },
      { text: 'b and c', match: true },
      { text: ' d', match: false },
    ]);
    expect(parseSnippet('costs ]] and [[ more')).toEqual([{ text: 'costs ]] and [[ more', match: false }]);
    expect(parseSnippet('')).toEqual([]);
  });
});
