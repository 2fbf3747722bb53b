import { describe, expect, it } from 'vitest';
import { boardFilterParams, parseBoardFilter } from './board-filter';

describe('board filter in the address', () => {
  it('reads a known status and page', () => {
    expect(parseBoardFilter(new URLSearchParams('status=in_progress&page=3'))).toEqual({
      status: 'in_progress',
      page: 3,
    });
  });

  it('falls back to all tasks, page 1, for anything unknown', () => {
    expect(parseBoardFilter(new URLSearchParams('status=open&page=-2'))).toEqual({ status: 'all', page: 1 });
    expect(parseBoardFilter(new URLSearchParams('page=2.5'))).toEqual({ status: 'all', page: 1 });
  });

  it('reads a known type and priority beside the status, and drops unknown ones', () => {
    expect(parseBoardFilter(new URLSearchParams('status=pending&type=linkedin_post&priority=high'))).toEqual({
      status: 'pending',
      type: 'linkedin_post',
      priority: 'high',
      page: 1,
    });
    const unknown = parseBoardFilter(new URLSearchParams('type=fax&priority=urgent'));
    expect(unknown).toEqual({ status: 'all', page: 1 });
    expect('type' in unknown || 'priority' in unknown).toBe(false);
    expect(
      boardFilterParams({ status: 'all', type: 'reddit_post', priority: 'low', page: 2 }).toString(),
    ).toBe('type=reddit_post&priority=low&page=2');
  });

  it('leaves the defaults out of the address', () => {
    expect(boardFilterParams({ status: 'all', page: 1 }).toString()).toBe('');
    expect(boardFilterParams({ status: 'pending', page: 2 }).toString()).toBe('status=pending&page=2');
  });

  it('keeps a cursor only beside a page past the first, and only one that looks like ours', () => {
    expect(parseBoardFilter(new URLSearchParams('page=3&after=eyJhIjoxfQ'))).toEqual({
      status: 'all',
      page: 3,
      after: 'eyJhIjoxfQ',
    });
    expect(parseBoardFilter(new URLSearchParams('page=2&before=abc_-9'))).toMatchObject({ before: 'abc_-9' });
    expect(parseBoardFilter(new URLSearchParams('after=eyJhIjoxfQ'))).toEqual({ status: 'all', page: 1 });
    expect(parseBoardFilter(new URLSearchParams('page=2&after=<script>'))).toEqual({
      status: 'all',
      page: 2,
    });
    expect(boardFilterParams({ status: 'all', page: 1, after: 'x' }).toString()).toBe('');
    expect(boardFilterParams({ status: 'all', page: 4, before: 'y' }).toString()).toBe('page=4&before=y');
  });
});
