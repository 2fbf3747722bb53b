import {
  taskPriorities,
  taskStatuses,
  taskTypes,
  type TaskPriority,
  type TaskStatus,
  type TaskType,
} from '@doppel/contracts';

/** The board's status tabs: every task, or those of one status. */
export type StatusFilter = 'all' | TaskStatus;
export const STATUS_FILTERS: readonly StatusFilter[] = ['all', ...taskStatuses];

export interface BoardFilter {
  status: StatusFilter;
  /** Undefined: every type. */
  type?: TaskType;
  /** Undefined: every priority. */
  priority?: TaskPriority;
  page: number;
  /**
   * How the page is read: `after` the last task of the page before it (Next), or `before` the
   * first task of the page after it (Previous). Without either, `page` is read by number.
   */
  after?: string;
  before?: string;
}

/** Cursors are the server's opaque base64url strings; anything else in the address is dropped. */
const CURSOR = /^[A-Za-z0-9_-]{1,200}$/;

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  return (values as readonly string[]).includes(raw ?? '') ? (raw as T) : undefined;
}

/**
 * Reads ?status=…&type=…&priority=…&page=…&after=… leniently: anything unknown means every task,
 * page 1.
 */
export function parseBoardFilter(params: URLSearchParams): BoardFilter {
  const status = oneOf(STATUS_FILTERS, params.get('status')) ?? 'all';
  const type = oneOf(taskTypes, params.get('type'));
  const priority = oneOf(taskPriorities, params.get('priority'));
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage > 1 ? rawPage : 1;
  const cursor = (name: 'after' | 'before') => {
    const value = params.get(name);
    return page > 1 && value && CURSOR.test(value) ? { [name]: value } : {};
  };
  const seek = params.has('after') ? cursor('after') : cursor('before');
  return { status, ...(type && { type }), ...(priority && { priority }), page, ...seek };
}

/** The search string for a filter; defaults are left out so /tasks stays /tasks. */
export function boardFilterParams({
  status,
  type,
  priority,
  page,
  after,
  before,
}: BoardFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (status !== 'all') params.set('status', status);
  if (type) params.set('type', type);
  if (priority) params.set('priority', priority);
  if (page > 1) {
    params.set('page', String(page));
    if (after) params.set('after', after);
    else if (before) params.set('before', before);
  }
  return params;
}
