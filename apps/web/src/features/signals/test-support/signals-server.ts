import {
  createSignalSourceInputSchema,
  type ImportJobChangesInput,
  type JobChangeImportReport,
  jobChangeInputSchema,
  type JobChangeResult,
  routes as apiRoutes,
  type SignalItem,
  type SignalSource,
  type SignalSourceList,
  updateSignalSourceInputSchema,
} from '@doppel/contracts';
import { errorReply, type ErrorReply, type FakeRequest, fakeRoute, OK_REPLY } from '@/test-support/fake-api';
import { signedInRoutes, type ServerRoutes } from '@/test-support/render-with-providers';

let counter = 0;
const uuid = (prefix: number, n: number) => `${prefix}5555555-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A source as the server returns it: an active news feed, polled once, every field present. */
export function makeSource(overrides: Partial<SignalSource> = {}): SignalSource {
  counter++;
  return {
    id: uuid(5, counter),
    kind: 'rss',
    name: `Feed ${counter}`,
    url: `https://news${counter}.example/feed.xml`,
    subreddit: null,
    keywords: [],
    cadencePerWeek: null,
    platforms: [],
    isActive: true,
    lastFetchedAt: null,
    nextFetchAt: null,
    itemsSeen: 0,
    tasksCreated: 0,
    lastError: null,
    isSample: false,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

export function makeItem(overrides: Partial<SignalItem> = {}): SignalItem {
  counter++;
  return {
    id: uuid(6, counter),
    sourceId: null,
    kind: 'rss_item',
    title: `Item ${counter}`,
    url: null,
    taskId: null,
    seenAt: new Date().toISOString(),
    ...overrides,
  };
}

const validationFailed = (fields: Record<string, string>): ErrorReply =>
  errorReply(400, 'validation_failed', 'Please fill in all required fields', { fields });

function issuesToFields(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  return Object.fromEntries(issues.map((issue) => [issue.path.map(String).join('.'), issue.message]));
}

/** A small CSV reader for the fake: one record a line, quotes around a cell allowed. */
function csvRecords(csv: string): Array<{ line: number; cells: string[] }> {
  return csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((text, index) => ({
      line: index + 1,
      cells: text.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1')),
    }))
    .filter((record) => record.cells.some((cell) => cell !== ''));
}

/**
 * A fake of the Signals API over in-memory lists, answering like the server: sources oldest
 * first with `pollingEnabled`, the same checks on what is sent (zod contracts, duplicates, one
 * content plan), polls refused in demo mode or while paused, job changes de-duplicated by person,
 * new company and date, and a CSV import that reports rejected rows by line.
 */
export function signalsServer(
  initial: SignalSource[],
  {
    pollingEnabled = true,
    items = {},
    jobChanges = [],
  }: {
    pollingEnabled?: boolean;
    /** Source id → its recent items, newest first. */
    items?: Record<string, SignalItem[]>;
    jobChanges?: SignalItem[];
  } = {},
) {
  const sources = [...initial];
  const itemsOf = new Map(Object.entries(items).map(([id, list]) => [id, [...list]]));
  const recordedChanges = [...jobChanges];
  const changeKeys = new Map<string, string>();
  let taskCounter = 0;

  const find = (id: string) => sources.find((source) => source.id === id);
  const notFound = () =>
    errorReply(404, 'not_found', 'Signal source not found', { reason: 'signal_source_not_found' });

  type Recorded = { result: JobChangeResult } | { refused: ErrorReply };
  function recordChange(input: unknown): Recorded {
    const parsed = jobChangeInputSchema.safeParse(input);
    if (!parsed.success) return { refused: validationFailed(issuesToFields(parsed.error.issues)) };
    const change = parsed.data;
    const key = [change.name.toLowerCase(), change.newCompany.toLowerCase(), change.date ?? ''].join('|');
    const earlier = changeKeys.get(key);
    if (earlier) return { result: { status: 'duplicate', taskId: earlier, contactId: null } };
    taskCounter++;
    const taskId = uuid(7, taskCounter);
    changeKeys.set(key, taskId);
    recordedChanges.unshift(
      makeItem({
        kind: 'job_change',
        title: `${change.name} moved to ${change.newCompany}`,
        taskId,
      }),
    );
    return { result: { status: 'created', taskId, contactId: uuid(8, taskCounter) } };
  }

  const routes: ServerRoutes = {
    ...signedInRoutes(),
    ...fakeRoute(apiRoutes.signals.sources, () => ({
      body: { items: sources, pollingEnabled } satisfies SignalSourceList,
    })),
    ...fakeRoute(apiRoutes.signals.createSource, ({ body }: FakeRequest) => {
      const parsed = createSignalSourceInputSchema.safeParse(body);
      if (!parsed.success) return validationFailed(issuesToFields(parsed.error.issues));
      const data = parsed.data;
      if (data.kind === 'rss' && sources.some((source) => source.url === data.url))
        return errorReply(409, 'conflict', 'You already follow this feed.', {
          reason: 'already_following_feed',
        });
      if (data.kind === 'reddit' && sources.some((source) => source.subreddit === data.subreddit))
        return errorReply(409, 'conflict', `You already follow r/${data.subreddit}.`, {
          reason: 'already_following_subreddit',
        });
      if (data.kind === 'content_plan' && sources.some((source) => source.kind === 'content_plan'))
        return errorReply(409, 'conflict', 'You already have a content plan; change its cadence instead.', {
          reason: 'content_plan_exists',
        });
      const now = new Date().toISOString();
      const source = makeSource({
        kind: data.kind,
        name:
          data.name ??
          (data.kind === 'rss'
            ? new URL(data.url).host
            : data.kind === 'reddit'
              ? `r/${data.subreddit}`
              : 'Content plan'),
        url: data.kind === 'rss' ? data.url : null,
        subreddit: data.kind === 'reddit' ? data.subreddit : null,
        keywords: data.kind === 'content_plan' ? [] : data.keywords,
        cadencePerWeek: data.kind === 'content_plan' ? data.cadencePerWeek : null,
        platforms: data.kind === 'content_plan' ? data.platforms : [],
        nextFetchAt: pollingEnabled ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      sources.push(source);
      return { status: 201, body: source };
    }),
    ...fakeRoute(apiRoutes.signals.jobChanges, ({ query }: FakeRequest) => ({
      body: { items: recordedChanges.slice(0, Number(query.get('limit') ?? 50)) },
    })),
    ...fakeRoute(apiRoutes.signals.recordJobChange, ({ body }: FakeRequest) => {
      const recorded = recordChange(body);
      if ('refused' in recorded) return recorded.refused;
      return { status: recorded.result.status === 'created' ? 201 : 200, body: recorded.result };
    }),
    ...fakeRoute(apiRoutes.signals.importJobChanges, ({ body }: FakeRequest) => {
      const { csv, mapping } = body as ImportJobChangesInput;
      const [header, ...rows] = csvRecords(csv);
      if (!header) return errorReply(400, 'validation_failed', 'The file is empty.');
      const columns = mapping ?? { name: 'name', newCompany: 'new company' };
      const column = (field: keyof typeof columns) => {
        const name = columns[field];
        return name ? header.cells.indexOf(name) : -1;
      };
      if (column('name') === -1 || column('newCompany') === -1)
        return errorReply(400, 'validation_failed', 'The file needs a name column and a new company column.');
      const report: JobChangeImportReport = { created: 0, duplicates: 0, rejected: [] };
      for (const { line, cells } of rows) {
        const read = (field: keyof typeof columns) => {
          const index = column(field);
          return index === -1 ? null : cells[index] || null;
        };
        const date = read('date');
        if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
          report.rejected.push({
            row: line,
            reason: `"${date}" is not a date (use YYYY-MM-DD).`,
            problem: 'not_date',
            field: 'date',
            value: date,
          });
          continue;
        }
        const recorded = recordChange({
          name: read('name') ?? '',
          newCompany: read('newCompany') ?? '',
          oldCompany: read('oldCompany'),
          title: read('title'),
          date,
        });
        if ('refused' in recorded) {
          const field = !read('name') ? 'name' : 'newCompany';
          report.rejected.push({ row: line, reason: `${field} is empty.`, problem: 'empty', field });
        } else if (recorded.result.status === 'created') report.created++;
        else report.duplicates++;
      }
      return { body: report };
    }),
    ...fakeRoute(apiRoutes.signals.updateSource, ({ params, body }) => {
      const found = find(params.id);
      if (!found) return notFound();
      const parsed = updateSignalSourceInputSchema.safeParse(body);
      if (!parsed.success) return validationFailed(issuesToFields(parsed.error.issues));
      Object.assign(found, parsed.data, {
        ...(parsed.data.isActive === false && { nextFetchAt: null }),
        updatedAt: new Date().toISOString(),
      });
      return { body: found };
    }),
    ...fakeRoute(apiRoutes.signals.deleteSource, ({ params }) => {
      const found = find(params.id);
      if (!found) return notFound();
      sources.splice(sources.indexOf(found), 1);
      return OK_REPLY;
    }),
    ...fakeRoute(apiRoutes.signals.pollSource, ({ params }) => {
      const found = find(params.id);
      if (!found) return notFound();
      if (!pollingEnabled)
        return errorReply(403, 'demo_restricted', 'Polling is off in demo mode.', {
          reason: 'polling_off_in_demo',
        });
      if (!found.isActive)
        return errorReply(409, 'conflict', 'This source is paused; resume it to poll it.', {
          reason: 'signal_source_paused',
        });
      found.nextFetchAt = new Date().toISOString();
      return { status: 202, body: { queued: true as const } };
    }),
    ...fakeRoute(apiRoutes.signals.sourceItems, ({ params, query }) => {
      if (!find(params.id)) return notFound();
      const limit = Number(query.get('limit') ?? 50);
      return { body: { items: (itemsOf.get(params.id) ?? []).slice(0, limit) } };
    }),
  };
  return { sources, routes, jobChanges: recordedChanges };
}
