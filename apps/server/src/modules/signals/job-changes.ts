import { createHash } from 'node:crypto';
import {
  importJobChangesInputSchema,
  jobChangeInputSchema,
  type ImportJobChangesInput,
  type JobChangeImportReport,
  type JobChangeInput,
  type JobChangeResult,
} from '@doppel/contracts';
import { and, eq, signalItems } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { findOrCreateContact } from '../contacts';
import { getUserSettings } from '../settings';
import { JobChangeCsvError, parseJobChangeCsv } from './parse-job-change-csv';
import { claimItem, finishSignalTask, insertSignalTask } from './signal-tasks';
import { textsIn, type Texts } from '../../lib/translations';

/*
 * Job changes. LinkedIn has no open API for them, so they arrive typed in, from a CSV, or from
 * a campaign's enrichment when a lead's company changed. Each becomes a congratulation task
 * (trigger linkedin_job_change) for the contact of that name — found, or added — whose
 * company moves to the new one. The same person, new company and date is one change, however
 * often it is sent.
 */

/** The readable line of a change, as the task's LinkedIn activity. */
export function jobChangeActivity(
  change: {
    name: string;
    oldCompany: string | null;
    newCompany: string;
    title: string | null;
    date: string | null;
  },
  t: Texts = textsIn('en'),
): string {
  // A whole sentence for each combination that changes its grammar; the date closes it.
  const key = `signals.jobChange.activity${change.oldCompany ? 'From' : ''}${change.title ? 'As' : ''}`;
  const sentence = t(key, {
    name: change.name,
    company: change.newCompany,
    old: change.oldCompany ?? '',
    title: change.title ?? '',
  });
  return change.date ? `${sentence}${t('signals.jobChange.onDate', { date: change.date })}` : sentence;
}

/** The de-duplication key: lower-cased name, new company and date, hashed. */
export function jobChangeKey(change: { name: string; newCompany: string; date: string | null }): string {
  const parts = [change.name, change.newCompany].map((part) =>
    part.trim().toLowerCase().replace(/\s+/g, ' '),
  );
  const hash = createHash('sha256')
    .update([...parts, change.date ?? ''].join('|'))
    .digest('hex');
  return `job:${hash}`;
}

/**
 * Records one job change and makes its task, unless the same change was recorded before (then
 * the earlier task is named). Exported for the campaigns' enrichment, which calls it when a
 * lead's company changed.
 */
export async function recordJobChange(
  ctx: AppContext,
  userId: string,
  input: JobChangeInput,
): Promise<JobChangeResult> {
  const change = jobChangeInputSchema.parse(input);
  const date = change.date ?? null;
  const now = ctx.clock.now();
  const dedupeKey = jobChangeKey({ ...change, date });
  // A new contact is guessed to speak the user's language until they write; the task's texts are
  // in the user's interface language too.
  const { language: userLanguage } = await getUserSettings(ctx, userId);
  const t = textsIn(userLanguage);
  const activity = jobChangeActivity({ ...change, date }, t);
  const result = await ctx.db.transaction(async (tx) => {
    const itemId = await claimItem(
      tx,
      userId,
      {
        sourceId: null,
        kind: 'job_change',
        dedupeKey,
        title: activity,
        url: null,
        publishedAt: date ? new Date(`${date}T00:00:00Z`) : null,
      },
      now,
    );
    if (!itemId) {
      const [earlier] = await tx
        .select({ taskId: signalItems.taskId })
        .from(signalItems)
        .where(and(eq(signalItems.userId, userId), eq(signalItems.dedupeKey, dedupeKey)));
      return { status: 'duplicate' as const, taskId: earlier?.taskId ?? null, contactId: null };
    }
    // The person by name, now at the new company; or a new contact (job changes come from LinkedIn).
    const contact = await findOrCreateContact(
      tx,
      { userId },
      {
        match: { name: change.name },
        create: {
          name: change.name,
          company: change.newCompany,
          language: userLanguage,
          source: 'linkedin',
        },
        update: { company: change.newCompany },
        now,
      },
    );
    const taskId = await insertSignalTask(
      tx,
      userId,
      itemId,
      {
        type: 'proactive_message',
        title: t('signals.jobChange.title', { name: change.name, company: change.newCompany }),
        description: activity,
        contactId: contact.id,
        context: {
          triggerType: 'linkedin_job_change',
          triggerData: { jobChangeCompany: change.newCompany, linkedinActivity: activity },
          // Written to in the contact's language, not the language of the activity line.
          language: contact.language,
        },
      },
      now,
    );
    return { status: 'created' as const, taskId, contactId: contact.id };
  });
  if (result.status === 'created') {
    await finishSignalTask(ctx, userId, result.taskId, { priorityFromAnalysis: true });
  }
  return result;
}

/** Imports a CSV of job changes: each good row is recorded; bad rows are reported by line. */
export async function importJobChanges(
  ctx: AppContext,
  userId: string,
  input: ImportJobChangesInput,
): Promise<JobChangeImportReport> {
  const { csv, mapping } = importJobChangesInputSchema.parse(input);
  let parsed;
  try {
    parsed = parseJobChangeCsv(csv, mapping);
  } catch (error) {
    if (error instanceof JobChangeCsvError)
      throw new AppError('validation_failed', error.message, {
        reason: error.reason,
        fields: { csv: 'csvInvalid' },
      });
    throw error;
  }
  const report: JobChangeImportReport = { created: 0, duplicates: 0, rejected: parsed.rejected };
  for (const { input: change } of parsed.rows) {
    const result = await recordJobChange(ctx, userId, change);
    if (result.status === 'created') report.created++;
    else report.duplicates++;
  }
  report.rejected.sort((a, b) => a.row - b.row);
  return report;
}
