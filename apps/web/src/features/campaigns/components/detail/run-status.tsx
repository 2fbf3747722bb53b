import { campaignRunErrorCodes, campaignRunProblems, type Campaign } from '@doppel/contracts';
import {
  CircleAlert,
  CircleCheck,
  CircleX,
  FlaskConical,
  Info,
  KeyRound,
  Link,
  LoaderCircle,
  RotateCcw,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { cn, isOneOf } from '@/lib/utils';
import { useRetryRun } from '../../api/campaign-detail-api';
import { formatFullDateTime } from '@/lib/dates';
import { PROVIDER_NAMES } from './provider-names';
import { useDetailLabels } from './use-detail-labels';

type Note = Campaign['run']['notes'][number];

/** Outcome codes the server writes (contracts: campaignRunSchema), and how each one reads. */
const OUTCOMES = [
  'imported',
  'needs_credential',
  'needs_url',
  'unavailable',
  'failed',
  'simulated',
  'enriched',
  'tasks_created',
  'budget_spent',
  'daily_budget_spent',
  'held',
] as const;
type Outcome = (typeof OUTCOMES)[number];

/**
 * Who a problem's sentence speaks of: the provider behind a note's subject by its product name
 * (Apollo for Apollo Search), else the subject as the notes name it (Google Sheets).
 */
function serviceName(subject: string, label: string): string {
  if (subject === 'apollo_search') return PROVIDER_NAMES.apollo;
  if (Object.hasOwn(PROVIDER_NAMES, subject)) return PROVIDER_NAMES[subject as keyof typeof PROVIDER_NAMES];
  return label;
}

const TONE: Record<Outcome, 'good' | 'setup' | 'bad' | 'neutral' | 'simulated'> = {
  imported: 'good',
  enriched: 'good',
  tasks_created: 'good',
  // The token budget is spent: drafts are the offline engine's until it is raised in Settings.
  budget_spent: 'setup',
  // Today's share of the budget is spent: the same, until tomorrow or a higher daily budget.
  daily_budget_spent: 'setup',
  // Leads below the data-quality threshold are not contacted; the threshold is in Settings.
  held: 'setup',
  needs_credential: 'setup',
  needs_url: 'setup',
  unavailable: 'neutral',
  failed: 'bad',
  simulated: 'simulated',
};

/** Outcomes the user can act on in Settings: the note offers to open them. */
const SETUP_OUTCOMES = [
  'needs_credential',
  'needs_url',
  'budget_spent',
  'daily_budget_spent',
  'held',
] as const satisfies readonly Outcome[];

const TONE_ICON = {
  good: CircleCheck,
  setup: KeyRound,
  bad: CircleX,
  neutral: Info,
  simulated: FlaskConical,
} as const;

const TONE_CLASS = {
  good: 'text-success-soft-foreground',
  setup: 'text-warning-soft-foreground',
  bad: 'text-destructive',
  neutral: 'text-muted-foreground',
  simulated: 'text-warning-soft-foreground',
} as const;

/**
 * What the campaign's run is doing or last did: its state and stage, the error of a
 * failed run, and one line per source, tool or channel — imported counts, or what it still needs
 * (an API key, a sheet's address) with a way to set that up.
 */
export function RunStatus({ campaign, onSetUp }: { campaign: Campaign; onSetUp: () => void }) {
  const { t, i18n } = useTranslation('campaignDetail');
  const { subject } = useDetailLabels();
  const { run } = campaign;
  const retry = useRetryRun(campaign.id);

  let state: ReactNode;
  if (run.state === 'running')
    state = (
      <span className="inline-flex items-center gap-1.5">
        <LoaderCircle className="size-4 animate-spin text-primary" aria-hidden="true" />
        {run.stage ? t('run.runningStage', { stage: t(`stage.${run.stage}`) }) : t('run.running')}
      </span>
    );
  else if (run.state === 'failed') state = t('run.failed');
  else state = t('run.idle');

  return (
    <section aria-labelledby="run-heading" className="grid gap-3 rounded-xl border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h2 id="run-heading" className="text-base font-semibold">
            {t('run.title')}
          </h2>
          {run.updatedAt ? (
            <p className="text-xs text-muted-foreground">
              {t('run.updated', { date: formatFullDateTime(run.updatedAt, i18n.language) })}
            </p>
          ) : null}
        </div>
        <p role="status" className="text-sm font-medium">
          {state}
        </p>
      </div>

      {run.state === 'failed' || run.error ? (
        <Notice variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <div className="grid gap-2">
            <p>
              {/* The code in the interface language; a run stored before codes keeps its English. */}
              {isOneOf(campaignRunErrorCodes, run.errorCode)
                ? t(`run.error.${run.errorCode}`)
                : (run.error ?? t('run.failedHint'))}
            </p>
            {run.state === 'failed' && campaign.status === 'active' ? (
              <div>
                <Button variant="outline" size="sm" loading={retry.isPending} onClick={() => retry.mutate()}>
                  <RotateCcw aria-hidden="true" />
                  {t('run.retry')}
                </Button>
              </div>
            ) : null}
          </div>
        </Notice>
      ) : null}

      {run.notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {campaign.status === 'draft' ? t('run.notStarted') : t('run.noNotes')}
        </p>
      ) : (
        <ul aria-label={t('run.notesLabel')} className="grid gap-2">
          {run.notes.map((note, index) => (
            <RunNote
              key={`${note.stage}-${note.subject}-${index}`}
              note={note}
              subject={subject(note.subject)}
              onSetUp={onSetUp}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function RunNote({ note, subject, onSetUp }: { note: Note; subject: string; onSetUp: () => void }) {
  const { t } = useTranslation('campaignDetail');
  const outcome = isOneOf(OUTCOMES, note.outcome) ? note.outcome : null;
  const tone = outcome ? TONE[outcome] : 'neutral';
  const Icon = TONE_ICON[tone];
  const text = outcome
    ? t(`run.outcome.${outcome}`, { count: note.count ?? 0 })
    : t('run.outcome.other', { code: note.outcome });
  // Why, worded from its code; a note stored before codes (or with a code this app does not
  // know) shows the server's English.
  const why = isOneOf(campaignRunProblems, note.problem)
    ? note.problem === 'rows_skipped'
      ? t('run.problem.rows_skipped', { count: note.skipped ?? 0 })
      : t(`run.problem.${note.problem}`, {
          service: serviceName(note.subject, subject),
          status: note.httpStatus ?? '',
        })
    : note.detail;
  const needsSetup = isOneOf(SETUP_OUTCOMES, outcome);
  return (
    <li className="flex items-start gap-3 rounded-lg bg-subtle px-3 py-2 text-sm">
      <Icon className={cn('mt-0.5 size-4 shrink-0', TONE_CLASS[tone])} aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-1.5">
        <p>
          <span className="font-medium">{subject}</span> — {text}
        </p>
        {why ? <p className="text-xs break-words text-muted-foreground">{why}</p> : null}
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{t(`stage.${note.stage}`)}</Badge>
          {outcome === 'simulated' ? <Badge variant="warning">{t('simulated.badge')}</Badge> : null}
          {needsSetup ? (
            <Button size="sm" variant="outline" onClick={onSetUp}>
              {outcome === 'needs_url' ? <Link aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
              {t('run.setUp', { subject })}
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}
