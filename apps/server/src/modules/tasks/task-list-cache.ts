import { performance } from 'node:perf_hooks';
import type { Task, TaskPage, TaskPriority, TaskStatus, TaskType } from '@doppel/contracts';
import { changeTouches } from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import type { CreatedKey } from '../../lib/keyset-cursor';

/** Bounds staleness should a change event be lost (e.g. a dropped LISTEN connection). */
export const TASK_LIST_CACHE_TTL_MS = 30_000;
/** Tasks kept across all users and pages (a task is about 1 KB in memory). */
const MAX_CACHED_TASKS = 20_000;
const MAX_PAGES_PER_USER = 50;

/** How many of the user's tasks have each status, type and priority: every filter's total. */
export type TaskTotals = Array<{ status: TaskStatus; type: TaskType; priority: TaskPriority; n: number }>;

export interface TaskListFilter {
  status?: TaskStatus;
  type?: TaskType;
  priority?: TaskPriority;
  page: number;
  limit: number;
  /** The key of the row a cursor named: older rows after it, or newer rows before it. */
  after?: CreatedKey;
  before?: CreatedKey;
}

/** A page's tasks and the cursors to its neighbours. */
export interface LoadedTaskPage {
  items: Task[];
  nextCursor: string | null;
  prevCursor: string | null;
}

export interface TaskListLoaders {
  totals(): Promise<TaskTotals>;
  items(): Promise<LoadedTaskPage>;
}

/** The response for a loaded page and its filter's total. */
export function pageOf(filter: TaskListFilter, loaded: LoadedTaskPage, total: number): TaskPage {
  const byCursor = Boolean(filter.after || filter.before);
  return {
    ...loaded,
    total,
    page: byCursor ? null : filter.page,
    limit: filter.limit,
    hasMore: loaded.nextCursor !== null,
  };
}

function keyOf(key: CreatedKey | undefined): string {
  return key ? `${key.createdAt}/${key.id}` : '';
}

interface CachedPage {
  page: Promise<TaskPage>;
  tasks: number;
}

/** One user's cached lists: dropped as a whole when anything in them may have changed. */
interface UserLists {
  staleAt: number;
  totals?: Promise<TaskTotals>;
  pages: Map<string, CachedPage>;
  tasks: number;
}

export function totalFor(
  totals: TaskTotals,
  filter: Pick<TaskListFilter, 'status' | 'type' | 'priority'>,
): number {
  let total = 0;
  for (const row of totals) {
    if (filter.status && row.status !== filter.status) continue;
    if (filter.type && row.type !== filter.type) continue;
    if (filter.priority && row.priority !== filter.priority) continue;
    total += row.n;
  }
  return total;
}

/**
 * Task list pages per user, and the user's totals counted once for every filter
 * (docs/decisions/008-task-list-caching.md). Whatever may change a user's lists drops all of
 * them: any write from any process, through the change feed (docs/decisions/022), and
 * TASK_LIST_CACHE_TTL_MS in any case.
 */
export class TaskListCache {
  /** Least recently used first. */
  private readonly users = new Map<string, UserLists>();
  private tasks = 0;

  constructor(private readonly ttlMs = TASK_LIST_CACHE_TTL_MS) {}

  page(userId: string, filter: TaskListFilter, load: TaskListLoaders): Promise<TaskPage> {
    const lists = this.listsOf(userId);
    const key = [
      filter.status,
      filter.type,
      filter.priority,
      filter.page,
      filter.limit,
      keyOf(filter.after),
      keyOf(filter.before),
    ].join('|');
    const cached = lists.pages.get(key);
    if (cached) return cached.page;

    const totals = (lists.totals ??= this.settleOrForget(userId, lists, load.totals()));
    const page = Promise.all([load.items(), totals]).then(([loaded, all]) =>
      pageOf(filter, loaded, totalFor(all, filter)),
    );
    const entry: CachedPage = { page: this.settleOrForget(userId, lists, page), tasks: 0 };
    lists.pages.set(key, entry);
    if (lists.pages.size > MAX_PAGES_PER_USER) {
      const [oldestKey, oldest] = lists.pages.entries().next().value!;
      lists.pages.delete(oldestKey);
      this.count(lists, -oldest.tasks);
    }
    void page.then(
      (result) => {
        // Counted only while the entry is still the one cached; dropped lists are not counted.
        if (this.users.get(userId) !== lists || lists.pages.get(key) !== entry) return;
        entry.tasks = result.items.length;
        this.count(lists, entry.tasks);
        this.trim(userId);
      },
      () => {},
    );
    return entry.page;
  }

  /** Drops every cached list of the user. */
  forget(userId: string): void {
    const lists = this.users.get(userId);
    if (!lists) return;
    this.users.delete(userId);
    this.tasks -= lists.tasks;
  }

  /** Drops everything (changes may have been missed). */
  forgetAll(): void {
    this.users.clear();
    this.tasks = 0;
  }

  /** Tasks held in memory, for tests and benchmarks. */
  get cachedTasks(): number {
    return this.tasks;
  }

  private listsOf(userId: string): UserLists {
    const now = performance.now();
    let lists = this.users.get(userId);
    if (lists && lists.staleAt <= now) {
      this.forget(userId);
      lists = undefined;
    }
    if (lists) {
      // Most recently used last.
      this.users.delete(userId);
      this.users.set(userId, lists);
      return lists;
    }
    lists = { staleAt: now + this.ttlMs, pages: new Map(), tasks: 0 };
    this.users.set(userId, lists);
    return lists;
  }

  /** A failed query is not remembered: the next request asks again. */
  private settleOrForget<T>(userId: string, lists: UserLists, promise: Promise<T>): Promise<T> {
    promise.catch(() => {
      if (this.users.get(userId) === lists) this.forget(userId);
    });
    return promise;
  }

  private count(lists: UserLists, tasks: number): void {
    lists.tasks += tasks;
    this.tasks += tasks;
  }

  private trim(keep: string): void {
    for (const userId of this.users.keys()) {
      if (this.tasks <= MAX_CACHED_TASKS) return;
      if (userId !== keep) this.forget(userId);
    }
  }
}

const byContext = new WeakMap<AppContext, TaskListCache>();

/** The app's task list cache; the change feed drops a user's lists when their tasks change. */
export function taskListCacheFor(ctx: AppContext): TaskListCache {
  let cache = byContext.get(ctx);
  if (!cache) {
    const created = new TaskListCache();
    ctx.events.onAnyChange((userId, event) => {
      if (changeTouches(event.type, 'tasks')) created.forget(userId);
    });
    ctx.events.onResync(() => created.forgetAll());
    byContext.set(ctx, created);
    cache = created;
  }
  return cache;
}
