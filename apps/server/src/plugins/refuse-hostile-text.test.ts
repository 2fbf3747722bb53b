import { describe, expect, it } from 'vitest';
import { parseQueryString } from './refuse-hostile-text';

// The one parse of every request's query (Fastify's querystringParser); hostile-input.test.ts
// checks that a query it marks is refused with 400 invalid_characters on every route.
describe('the query string parser', () => {
  it('reads a query as Fastify did: repeated keys as a list, + as a space, escapes decoded', () => {
    expect({ ...parseQueryString('status=pending&tag=a&tag=b&flag&q=caf%C3%A9+au+lait&e=') }).toEqual({
      status: 'pending',
      tag: ['a', 'b'],
      flag: '',
      q: 'café au lait',
      e: '',
    });
    expect({ ...parseQueryString('') }).toEqual({});
  });

  it('marks text no column can store, which Fastify kept as written', () => {
    for (const hostile of ['q=a%00b', 'q=%ED%A0%80', 'q=%E0%A4%zz', '%00=x']) {
      const parsed = parseQueryString(hostile);
      expect(Object.getOwnPropertySymbols(parsed)).toHaveLength(1);
      expect(parsed.q).toBeUndefined();
    }
    expect(Object.getOwnPropertySymbols(parseQueryString('q=fine%20text'))).toHaveLength(0);
  });
});
