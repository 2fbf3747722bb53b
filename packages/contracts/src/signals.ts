import { z } from 'zod';
import { csvRejectedRowSchema } from './errors';
import { linkUrlSchema } from './knowledge';

/**
 * Signals: the sources that make proactive tasks (news feeds, subreddits, a content plan) and
 * the job changes the user imports. The spec has no screen for them; the Signals view
 * (reachable from the Assistant) shows these shapes.
 */

export const signalSourceKinds = ['rss', 'reddit', 'content_plan'] as const;
export const signalSourceKindSchema = z.enum(signalSourceKinds);
export type SignalSourceKind = z.infer<typeof signalSourceKindSchema>;

/** Where a content plan proposes posts. */
export const signalPlatforms = ['linkedin', 'reddit'] as const;
export const signalPlatformSchema = z.enum(signalPlatforms);
export type SignalPlatform = z.infer<typeof signalPlatformSchema>;

/** What an item was: a feed entry, a Reddit post, a job change, or a content-plan slot. */
export const signalItemKinds = ['rss_item', 'reddit_post', 'job_change', 'content_slot'] as const;
export const signalItemKindSchema = z.enum(signalItemKinds);
export type SignalItemKind = z.infer<typeof signalItemKindSchema>;

// ── Constants ─────────────────────────────────────────────────────────────────────────

/** Minutes between polls of a news feed, and of a subreddit. */
export const RSS_POLL_MINUTES = 30;
export const REDDIT_POLL_MINUTES = 15;

/**
 * Why a source's last poll found nothing to do, as a code the card words in the user's language
 * (issues 19, 20): no Reddit account connected; its tokens stopped working; Reddit's rate limit
 * (the next poll waits for its reset); the subreddit does not exist; it is private or banned;
 * Reddit could not be reached or answered something unreadable; a subreddit without keywords
 * (nor expertise areas on the persona) to match posts with; a content plan without themes.
 *
 * A news feed's problems are grouped by what the user can do about them, not by how the fetch
 * failed: feed_refused — the address (or a redirect) is private, local or not http(s): only
 * another, public address helps; feed_unreachable — no connection (a mistyped host, a site
 * down): check the address, the next poll tries again; feed_timeout — the site is slow: waiting
 * helps; feed_not_found — 404 or 410: the feed moved or the address is wrong; feed_forbidden —
 * 401, 403 or 451: the site does not let Doppel read it, so it cannot be followed;
 * feed_http_status — any other error answer (5xx, 429…): the site's trouble, the next poll
 * tries again (the status number alone tells the user nothing more, so it is not kept);
 * feed_too_large — over the size cap: follow a smaller feed; feed_redirects — a redirect loop:
 * add the address it ends at; feed_unreadable — the answer is not an RSS, Atom or JSON feed
 * (often a site's page rather than its feed). poll_failed — something on our side failed on
 * every attempt; the next poll tries again.
 */
export const signalSourceProblems = [
  'reddit_not_connected',
  'reddit_reconnect',
  'reddit_rate_limited',
  'reddit_not_found',
  'reddit_forbidden',
  'reddit_unreachable',
  'no_keywords',
  'no_themes',
  'feed_refused',
  'feed_unreachable',
  'feed_timeout',
  'feed_not_found',
  'feed_forbidden',
  'feed_http_status',
  'feed_too_large',
  'feed_redirects',
  'feed_unreadable',
  'poll_failed',
] as const;
export type SignalSourceProblem = (typeof signalSourceProblems)[number];
export type RedditReadProblem = Extract<SignalSourceProblem, `reddit_${string}`>;
export type FeedReadProblem = Extract<SignalSourceProblem, `feed_${string}`>;
/**
 * On the first poll of a new source every item is recorded as seen, but only items from the
 * last this-many days make tasks, so adding a big feed does not flood the Assistant.
 */
export const FIRST_POLL_WINDOW_DAYS = 3;
export const MAX_SIGNAL_SOURCES = 50;
export const MAX_SIGNAL_KEYWORDS = 20;
export const SIGNAL_KEYWORD_MAX_LENGTH = 50;
export const CONTENT_CADENCE_MIN = 1;
export const CONTENT_CADENCE_MAX = 14;
/** r/name: 2–21 letters, digits or underscores (Reddit's own rule, older names included). */
export const SUBREDDIT_PATTERN = /^[A-Za-z0-9_]{2,21}$/;

// ── Sources ───────────────────────────────────────────────────────────────────────────

export const signalSourceSchema = z.object({
  id: z.string(),
  kind: signalSourceKindSchema,
  name: z.string(),
  /** rss: the feed's address; null for other kinds. */
  url: z.string().nullable(),
  /** reddit: the subreddit's name without 'r/'; null for other kinds. */
  subreddit: z.string().nullable(),
  /**
   * rss and reddit: phrases an item must contain to become a task (besides the persona's
   * expertise areas and key messages, and for feeds the user's contacts and companies).
   */
  keywords: z.array(z.string()),
  /** content_plan: posts proposed per week; null for other kinds. */
  cadencePerWeek: z.number().int().nullable(),
  /** content_plan: where posts are proposed, alternating; empty for other kinds. */
  platforms: z.array(signalPlatformSchema),
  /** False when the user paused it: no polls until resumed. */
  isActive: z.boolean(),
  lastFetchedAt: z.string().nullable(),
  /** When the next poll (or content-plan slot) is due; null when paused or in demo mode. */
  nextFetchAt: z.string().nullable(),
  itemsSeen: z.number().int(),
  tasksCreated: z.number().int(),
  /**
   * What went wrong on the last poll; null when it went fine. A code of signalSourceProblems the
   * card words in the user's language; rows from before the codes may hold an English sentence.
   */
  lastError: z.string().nullable(),
  /** Demo mode's sample sources, shown labelled as sample. */
  isSample: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SignalSource = z.infer<typeof signalSourceSchema>;

/** GET /api/signals/sources. */
export const signalSourceListSchema = z.object({
  items: z.array(signalSourceSchema),
  /** False in demo mode: sources are samples and nothing is polled. */
  pollingEnabled: z.boolean(),
});
export type SignalSourceList = z.infer<typeof signalSourceListSchema>;

const keywordsSchema = z
  .array(z.string().trim().min(1, 'keywordRequired').max(SIGNAL_KEYWORD_MAX_LENGTH, 'keywordTooLong'))
  .max(MAX_SIGNAL_KEYWORDS, 'tooManyKeywords')
  // The same phrase twice (in any case) matches nothing more; keep the first spelling.
  .transform((list) =>
    list.filter(
      (keyword, index) => list.findIndex((other) => other.toLowerCase() === keyword.toLowerCase()) === index,
    ),
  );

/** A subreddit as typed: 'startups', 'r/startups' or '/r/startups/'; stored without 'r/'. */
export const subredditNameSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/^\/?r\//i, '').replace(/\/$/, ''))
  .pipe(z.string().regex(SUBREDDIT_PATTERN, 'subredditInvalid'));

const sourceNameSchema = z.string().trim().min(1, 'nameRequired').max(200);

const cadenceSchema = z
  .number()
  .int()
  .min(CONTENT_CADENCE_MIN, 'cadenceRange')
  .max(CONTENT_CADENCE_MAX, 'cadenceRange');

const platformsSchema = z
  .array(signalPlatformSchema)
  .min(1, 'platformRequired')
  .max(signalPlatforms.length)
  .refine((list) => new Set(list).size === list.length, 'duplicates');

/** POST /api/signals/sources: one shape per kind. A missing name is filled in by the server. */
export const createSignalSourceInputSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('rss'),
      url: linkUrlSchema,
      name: sourceNameSchema.optional(),
      keywords: keywordsSchema.default([]),
    })
    .strict(),
  z
    .object({
      kind: z.literal('reddit'),
      subreddit: subredditNameSchema,
      name: sourceNameSchema.optional(),
      keywords: keywordsSchema.default([]),
    })
    .strict(),
  z
    .object({
      kind: z.literal('content_plan'),
      cadencePerWeek: cadenceSchema,
      platforms: platformsSchema,
      name: sourceNameSchema.optional(),
    })
    .strict(),
]);
export type CreateSignalSourceInput = z.input<typeof createSignalSourceInputSchema>;

/** PATCH /api/signals/sources/:id: pause or resume, rename, change keywords or cadence. */
export const updateSignalSourceInputSchema = z
  .object({
    isActive: z.boolean(),
    name: sourceNameSchema,
    /** rss and reddit only. */
    keywords: keywordsSchema,
    /** content_plan only. */
    cadencePerWeek: cadenceSchema,
    /** content_plan only. */
    platforms: platformsSchema,
  })
  .partial()
  .strict();
export type UpdateSignalSourceInput = z.input<typeof updateSignalSourceInputSchema>;

export const signalSourceIdParamsSchema = z.object({ id: z.uuid() });

/** POST /api/signals/sources/:id/poll answers 202 with this: the poll runs as a job. */
export const pollSignalSourceResultSchema = z.object({ queued: z.literal(true) });
export type PollSignalSourceResult = z.infer<typeof pollSignalSourceResultSchema>;

// ── Items ─────────────────────────────────────────────────────────────────────────────

/** One thing a source saw. An item makes at most one task (it is de-duplicated by its key). */
export const signalItemSchema = z.object({
  id: z.string(),
  /** Null for job changes, which have no source. */
  sourceId: z.string().nullable(),
  kind: signalItemKindSchema,
  title: z.string(),
  url: z.string().nullable(),
  /** The task it made; null when it did not match (or was older than the first-poll window). */
  taskId: z.string().nullable(),
  seenAt: z.string(),
});
export type SignalItem = z.infer<typeof signalItemSchema>;

export const listSignalItemsQuerySchema = z
  .object({ limit: z.coerce.number().int().min(1).max(200).default(50) })
  .strict();
export type ListSignalItemsQuery = z.input<typeof listSignalItemsQuerySchema>;

export const signalItemListSchema = z.object({ items: z.array(signalItemSchema) });
export type SignalItemList = z.infer<typeof signalItemListSchema>;

// ── Job changes ───────────────────────────────────────────────────────────────────────

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/** A calendar day, YYYY-MM-DD. */
export const jobChangeDateSchema = z.iso.date('dateInvalid');

/** POST /api/signals/job-changes: a job change typed in by hand. */
export const jobChangeInputSchema = z
  .object({
    name: z.string().trim().min(1, 'nameRequired').max(200),
    oldCompany: optionalText(200),
    newCompany: z.string().trim().min(1, 'newCompanyRequired').max(200),
    title: optionalText(200),
    date: jobChangeDateSchema.nullable().optional(),
  })
  .strict();
export type JobChangeInput = z.input<typeof jobChangeInputSchema>;

/** What recording one job change did: a task made, or the same change already recorded. */
export const jobChangeResultSchema = z.object({
  status: z.enum(['created', 'duplicate']),
  taskId: z.string().nullable(),
  contactId: z.string().nullable(),
});
export type JobChangeResult = z.infer<typeof jobChangeResultSchema>;

/** The job-change fields a CSV column can be mapped to. */
export const jobChangeCsvFields = ['name', 'oldCompany', 'newCompany', 'title', 'date'] as const;
export type JobChangeCsvField = (typeof jobChangeCsvFields)[number];

export const JOB_CHANGE_CSV_MAX_BYTES = 1024 * 1024;
/** Each row makes a task with its drafts in the request: kept to what answers in seconds. */
export const JOB_CHANGE_CSV_MAX_ROWS = 500;

/**
 * POST /api/signals/job-changes/import. Without a mapping the columns are recognised by their
 * usual names (name, old company, new company, title, date).
 */
export const importJobChangesInputSchema = z
  .object({
    csv: z.string().min(1, 'csvRequired').max(JOB_CHANGE_CSV_MAX_BYTES, 'csvTooLarge'),
    /** Field → the CSV header it is read from; name and newCompany are required. */
    mapping: z
      .object({
        name: z.string().min(1, 'nameColumnRequired'),
        newCompany: z.string().min(1, 'newCompanyColumnRequired'),
        oldCompany: z.string().optional(),
        title: z.string().optional(),
        date: z.string().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type ImportJobChangesInput = z.input<typeof importJobChangesInputSchema>;

export const jobChangeImportReportSchema = z.object({
  /** Rows that made a task. */
  created: z.number().int(),
  /** Rows already recorded (same person, new company and date), here or in an earlier import. */
  duplicates: z.number().int(),
  /** Rows not imported: 1-based line in the file (the header is line 1) and why. */
  rejected: z.array(csvRejectedRowSchema),
});
export type JobChangeImportReport = z.infer<typeof jobChangeImportReportSchema>;
