import {
  sequenceStopReasons,
  stepSkipReasons,
  type Campaign,
  type SequenceFigures,
  type SequenceStepFigures,
} from '@doppel/contracts';
import { ListOrdered, ShieldAlert, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { EmptyState, LoadingState } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { isRunning, useCampaignSequence } from '../../api/campaign-detail-api';
import { formatNumber, formatPercent } from './detail-format';
import { ProgressBar } from './progress-bar';
import { useDetailLabels } from './use-detail-labels';

/** The figures each step of the sequence shows, in order ('sending' only while there are any). */
const STEP_FIGURES = ['waiting', 'awaitingApproval', 'sending', 'sent', 'skipped', 'replied'] as const;

const noFigures = (step: number): SequenceStepFigures => ({
  step,
  waiting: 0,
  awaitingApproval: 0,
  sent: 0,
  skipped: 0,
  skippedBy: {},
  replied: 0,
});

/**
 * The Overview's sequence: per message (the first one, then each follow-up with its wait and
 * channel) the leads waiting for it, awaiting the user's approval, sent, skipped (and why) and
 * replied; then the leads that left the sequence per reason, those held below the data-quality
 * threshold and, for the AI assistant, today's sends against the daily limit.
 */
export function SequenceSection({
  campaign,
  onOpenSettings,
}: {
  campaign: Campaign;
  onOpenSettings: () => void;
}) {
  const { t } = useTranslation('campaignDetail');
  const sequence = useCampaignSequence(campaign.id, { live: isRunning(campaign) });
  const hasSteps = campaign.stageConfigs.engagement.follow_up_sequence.length > 0;
  return (
    <section aria-labelledby="sequence-heading" className="grid content-start gap-3 rounded-xl border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="sequence-heading" className="text-base font-semibold">
          {t('sequence.title')}
        </h2>
        {hasSteps ? (
          <Button variant="outline" size="sm" onClick={onOpenSettings}>
            <Settings aria-hidden="true" />
            {t('sequence.edit')}
          </Button>
        ) : null}
      </div>
      {sequence.isPending ? (
        <LoadingState label={t('sequence.loading')} className="grid gap-2">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-16 w-full rounded-lg" aria-hidden="true" />
          ))}
        </LoadingState>
      ) : sequence.isError ? (
        <ErrorState
          message={errorMessage(sequence.error, t('errors.sequenceLoad'))}
          onRetry={() => void sequence.refetch()}
          retrying={sequence.isFetching}
        />
      ) : (
        <SequenceFiguresView campaign={campaign} figures={sequence.data} onOpenSettings={onOpenSettings} />
      )}
    </section>
  );
}

function SequenceFiguresView({
  campaign,
  figures,
  onOpenSettings,
}: {
  campaign: Campaign;
  figures: SequenceFigures;
  onOpenSettings: () => void;
}) {
  const { t, i18n } = useTranslation('campaignDetail');
  const language = i18n.language;
  const labels = useDetailLabels();
  const { engagement, enrichment } = campaign.stageConfigs;
  const steps = engagement.follow_up_sequence;
  const count = (value: number) => formatNumber(value, language);

  // The first message and each follow-up the campaign has, and any step the figures still count
  // (one removed since, with leads that got it).
  const shown = new Set<number>(figures.steps.map((item) => item.step));
  if (steps.length > 0) for (let index = 0; index <= steps.length; index++) shown.add(index);
  const rows = [...shown].sort((a, b) => a - b);

  const stepLabel = (index: number): string => {
    if (index === 0) return t('sequence.firstMessage');
    const name = t('sequence.followUp', { number: index });
    const step = steps[index - 1];
    if (!step) return name;
    const channel = step.channel === 'same' ? t('sequence.sameChannel') : labels.channel(step.channel);
    return [name, t('sequence.after', { count: step.afterDays }), channel].join(' · ');
  };

  const anyStopped = sequenceStopReasons.some((reason) => (figures.stopped[reason] ?? 0) > 0);
  const aiAssistant = engagement.account_type === 'ai_assistant';
  const sentToday = t('sequence.sentToday', {
    sent: count(figures.sentToday),
    limit: count(figures.dailySendLimit),
  });

  return (
    <div className="grid gap-4">
      {rows.length > 0 ? (
        <ol className="grid gap-2" aria-label={t('sequence.steps')}>
          {rows.map((index) => {
            const item = figures.steps.find((entry) => entry.step === index) ?? noFigures(index);
            const label = stepLabel(index);
            const reasons = stepSkipReasons.filter((reason) => (item.skippedBy[reason] ?? 0) > 0);
            return (
              <li key={index} className="grid gap-2 rounded-lg bg-subtle px-3 py-2">
                <h3 className="text-sm font-medium break-words">{label}</h3>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[repeat(auto-fit,minmax(7rem,1fr))]">
                  {STEP_FIGURES.map((key) => {
                    // The twin's emails still on their way: shown only while there are some.
                    const value = item[key] ?? 0;
                    if (key === 'sending' && value === 0) return null;
                    return (
                      <div key={key} className="grid gap-0.5">
                        <dt className="text-xs text-muted-foreground">{t(`sequence.figures.${key}`)}</dt>
                        <dd className="font-medium tabular-nums">{count(value)}</dd>
                      </div>
                    );
                  })}
                </dl>
                {reasons.length > 0 ? (
                  <ul
                    aria-label={t('sequence.skippedWhy', { step: label })}
                    className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground"
                  >
                    {reasons.map((reason) => (
                      <li key={reason}>
                        {t(`sequence.skipReasons.${reason}`, { count: count(item.skippedBy[reason] ?? 0) })}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}

      {steps.length === 0 ? (
        <EmptyState
          icon={ListOrdered}
          size="section"
          title={t('sequence.empty')}
          hint={t('sequence.emptyHint')}
        >
          <Button variant="outline" onClick={onOpenSettings}>
            <Settings aria-hidden="true" />
            {t('sequence.setUp')}
          </Button>
        </EmptyState>
      ) : null}

      {steps.length > 0 || anyStopped ? (
        <div className="grid gap-2 border-t pt-3">
          <h3 id="sequence-stopped-heading" className="text-sm font-medium">
            {t('sequence.stopped.title')}
          </h3>
          <dl
            aria-labelledby="sequence-stopped-heading"
            className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4"
          >
            {sequenceStopReasons.map((reason) => (
              <div key={reason} className="grid gap-0.5">
                <dt className="text-xs text-muted-foreground">{t(`sequence.stopped.${reason}`)}</dt>
                <dd className="font-medium tabular-nums">{count(figures.stopped[reason] ?? 0)}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}

      {figures.held > 0 ? (
        <p className="flex items-start gap-2 text-sm">
          <ShieldAlert className="mt-0.5 size-4 shrink-0 text-warning-soft-foreground" aria-hidden="true" />
          <span>
            {t('sequence.held', {
              count: figures.held,
              threshold: formatPercent(enrichment.data_quality_threshold, language),
            })}
          </span>
        </p>
      ) : null}

      {aiAssistant ? (
        <div className="grid gap-1.5">
          <p className="text-sm font-medium tabular-nums">{sentToday}</p>
          <ProgressBar
            value={figures.sentToday}
            max={figures.dailySendLimit}
            label={t('sequence.sentTodayLabel')}
            valueText={sentToday}
          />
        </div>
      ) : null}
    </div>
  );
}
