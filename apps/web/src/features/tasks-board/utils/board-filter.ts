import { taskStatuses, type TaskStatus } from '@doppel/contracts';

/** The board's status tabs: every task, or those of one status. */
export type StatusFilter = 'all' | TaskStatus;
export const STATUS_FILTERS: readonly StatusFilter[] = ['all', ...taskStatuses];

export interface BoardFilter {
  status: StatusFilter;
  page: number;
}

/** Reads ?status=…&page=… leniently: anything unknown means the first page of all tasks. */
export function parseBoardFilter(params: URLSearchParams): BoardFilter {
  const rawStatus = params.get('status');
  const status = (STATUS_FILTERS as readonly string[]).includes(rawStatus ?? '')
    ? (rawStatus as StatusFilter)
    : 'all';
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage > 1 ? rawPage : 1;
  return { status, page };
}

/** The search string for a filter; defaults are left out so /tasks stays /tasks. */
export function boardFilterParams({ status, page }: BoardFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (status !== 'all') params.set('status', status);
  if (page > 1) params.set('page', String(page));
  return params;
}
