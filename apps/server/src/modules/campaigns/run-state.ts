import {
  STAGE_THRESHOLDS,
  type CampaignRun,
  type CampaignRunErrorCode,
  type CampaignRunProblem,
  type CampaignStage,
  type StageCompletion,
} from '@doppel/contracts';
import type { DbOrTx } from '@doppel/db';
import type { GrowthProviderError } from '../../integrations/growth/provider-http';
import { cutText } from '../../lib/text';

/** One line of a run's report: what happened to a source, a tool or the outreach. */
export type RunNote = CampaignRun['notes'][number];

/** Outcomes that count work done; they add up across slices and survive a restart. */
const COUNTED = new Set(['imported', 'enriched', 'simulated', 'tasks_created']);

const RECOUNTED = new Set(['csv_upload', 'manual_input']);

/** Outcomes whose count is a current figure, not work done: the latest replaces the last. */
const CURRENT = new Set(['held']);

const DETAIL_MAX = 500;

/**
 * Why a source or tool gave less than asked: the code the web app words in the user's language,
 * its values, and the same in English for API clients.
 */
export interface NoteProblem {
  problem: CampaignRunProblem;
  detail: string;
  /** rows_skipped. */
  skipped?: number;
  /** provider_error, request_refused. */
  httpStatus?: number;
}

export function note(
  stage: CampaignStage,
  subject: string,
  outcome: string,
  extra: { count?: number } & Partial<NoteProblem> = {},
): RunNote {
  return {
    stage,
    subject,
    outcome,
    ...(extra.count !== undefined && { count: extra.count }),
    ...(extra.detail !== undefined && { detail: cutText(extra.detail, DETAIL_MAX) }),
    ...(extra.problem !== undefined && { problem: extra.problem }),
    ...(extra.skipped !== undefined && { skipped: extra.skipped }),
    ...(extra.httpStatus !== undefined && { httpStatus: extra.httpStatus }),
  };
}

/** A provider's refusal or failure as a note's reason (with its HTTP status where the code says it). */
export function providerProblem(error: GrowthProviderError): NoteProblem {
  const withStatus = error.problem === 'provider_error' || error.problem === 'request_refused';
  return {
    problem: error.problem,
    detail: error.message,
    ...(withStatus && error.status !== undefined && { httpStatus: error.status }),
  };
}

const WHY = ['detail', 'problem', 'skipped', 'httpStatus'] as const;

/**
 * Adds a slice's notes to the run's: one note per stage, subject and outcome, whose count adds
 * up and whose detail (with its problem code and values) is the latest.
 */
export function mergeNotes(notes: readonly RunNote[], added: readonly RunNote[]): RunNote[] {
  const merged = notes.map((each) => ({ ...each }));
  for (const next of added) {
    const same = merged.find(
      (each) => each.stage === next.stage && each.subject === next.subject && each.outcome === next.outcome,
    );
    if (!same) {
      merged.push({ ...next });
      continue;
    }
    if (next.count !== undefined)
      same.count = CURRENT.has(next.outcome) ? next.count : (same.count ?? 0) + next.count;
    if (next.detail !== undefined || next.problem !== undefined) {
      // The latest reason replaces the last one whole: no code outlives its detail.
      for (const key of WHY) {
        if (next[key] === undefined) delete same[key];
        else Object.assign(same, { [key]: next[key] });
      }
    }
  }
  return merged;
}

/**
 * The run as a (re)start finds it: running again, without the last error, and without the
 * notes of unfinished stages that said why something could not be done — a source that needed
 * a key or failed is tried again, now that the user may have fixed it. Counts stay.
 */
export function restartedRun(run: CampaignRun, completion: StageCompletion): CampaignRun {
  const { errorCode: _lastError, ...rest } = run;
  return {
    ...rest,
    state: 'running',
    error: null,
    notes: run.notes.filter(
      (each) =>
        completion[each.stage] ||
        // File imports and hand-typed leads are counted afresh: the user may have added some.
        (COUNTED.has(each.outcome) && !RECOUNTED.has(each.subject)),
    ),
  };
}

/** What the progress figure is computed from. */
export interface LeadFigures {
  total: number;
  /** Leads enrichment has been through. */
  enriched: number;
  /** Leads with their outreach task (made once, even if the user deleted it since). */
  engaged: number;
  /** Leads held back under the data-quality threshold: engagement is done without them. */
  held: number;
}

/**
 * Progress follows stage completion: 33 once extraction is done,
 * 66 once enrichment is, 100 once every lead has its outreach task. Within a stage it moves with
 * the work done but stays below the next threshold until the stage is complete, so the stage
 * shown (derived from progress) never runs ahead of the run.
 */
export function runProgress(
  completion: StageCompletion,
  figures: LeadFigures,
  sources: { done: number; total: number },
): number {
  const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
  if (!completion.extraction) {
    return Math.min(STAGE_THRESHOLDS.enrichment - 1, Math.floor(33 * share(sources.done, sources.total)));
  }
  if (!completion.enrichment) {
    return (
      STAGE_THRESHOLDS.enrichment + Math.min(32, Math.floor(33 * share(figures.enriched, figures.total)))
    );
  }
  if (!completion.engagement) {
    return (
      STAGE_THRESHOLDS.engagement +
      Math.min(33, Math.round(34 * share(figures.engaged, figures.total - figures.held)))
    );
  }
  return 100;
}

/** Why a run stopped: `run.errorCode` and `run.error`. */
export interface RunError {
  code: CampaignRunErrorCode;
  message: string;
}

/** What one slice of a run did, for the transaction that saves it. */
export interface SliceResult {
  stage: CampaignStage;
  notes: RunNote[];
  /** Writes the slice's data in the transaction that saves the run; may add notes (counts). */
  write?: (tx: DbOrTx) => Promise<RunNote[]>;
  /** Extraction: every chosen source has been read. (Later stages are done when no lead is left.) */
  sourcesDone?: boolean;
  /**
   * The stage as a whole could not be done: the run stops with this error — its code for the web
   * app to word, and the same in English for API clients.
   */
  error?: RunError;
  /** Work that opens its own transactions (new tasks), run once the slice is saved. */
  afterSave?: () => Promise<void>;
}
