import type { Task, TaskType } from '@doppel/contracts';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DetailField } from './detail-field';
import { KnowledgeSources } from './knowledge-sources';
import { Badge } from '@/components/ui/badge';
import { formatCount } from '@/lib/format-number';
import { intlLocale } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { recommendationTone, type RecommendationTone } from '../utils/task-presentation';

const TONE_CLASSES: Record<RecommendationTone, string> = {
  urgent: 'bg-destructive-soft text-destructive-soft-foreground',
  opportunity: 'bg-success-soft text-success-soft-foreground',
  social: 'bg-info-soft text-info-soft-foreground',
  default: 'bg-warning-soft text-warning-soft-foreground',
};

const SOCIAL_PLATFORM: Partial<Record<TaskType, 'reddit' | 'linkedin'>> = {
  reddit_post: 'reddit',
  reddit_comment: 'reddit',
  linkedin_post: 'linkedin',
};

type SocialContext = NonNullable<Task['context']['socialContext']>;
type PostingSlot = NonNullable<SocialContext['bestPostingSlot']>;

/** The slot's next occurrence, so the weekday and hour are read in the user's own time zone. */
function nextOccurrence(slot: PostingSlot, now = new Date()): Date {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), slot.hourUtc));
  date.setUTCDate(date.getUTCDate() + ((slot.weekday - date.getUTCDay() + 7) % 7));
  return date;
}

/**
 * The platform's figures about where the task posts (docs/decisions/051). Every metric the task
 * type has is listed; one the platform did not give says so instead of a guess.
 */
function SocialMetrics({ task, platform }: { task: Task; platform: 'reddit' | 'linkedin' | undefined }) {
  const { t, i18n } = useTranslation('assistant');
  const figures: SocialContext = task.context.socialContext ?? {};
  const locale = intlLocale(i18n.language);
  const count = (value: number | undefined) =>
    value === undefined ? undefined : formatCount(value, i18n.language);
  /** A share (0.93) as the interface language writes a percentage ("93 %", «93 %»). */
  const share = (fraction: number | undefined, digits: Intl.NumberFormatOptions) =>
    fraction === undefined
      ? undefined
      : new Intl.NumberFormat(locale, { style: 'percent', ...digits }).format(fraction);
  const bestTime = figures.bestPostingSlot
    ? new Intl.DateTimeFormat(locale, { weekday: 'long', hour: 'numeric', minute: '2-digit' }).format(
        nextOccurrence(figures.bestPostingSlot),
      )
    : figures.bestPostingTime;
  const hasPost =
    task.type === 'reddit_comment' ||
    figures.postScore !== undefined ||
    figures.postComments !== undefined ||
    figures.upvoteRatio !== undefined;
  const metrics: Array<{ key: string; label: string; value: string | undefined }> = [
    { key: 'audience', label: t('analysis.audienceSize'), value: count(figures.audienceSize) },
    ...(platform === 'reddit' || figures.activeUsers !== undefined
      ? [{ key: 'active', label: t('analysis.activeUsers'), value: count(figures.activeUsers) }]
      : []),
    {
      key: 'engagement',
      label: t('analysis.engagementRate'),
      // Stored in percent; small communities' rates are far below 1 %: two significant digits.
      value: share(figures.engagementRate === undefined ? undefined : figures.engagementRate / 100, {
        maximumSignificantDigits: 2,
      }),
    },
    { key: 'best', label: t('analysis.bestTime'), value: bestTime },
    ...(hasPost
      ? [
          { key: 'score', label: t('analysis.postScore'), value: count(figures.postScore) },
          { key: 'comments', label: t('analysis.postComments'), value: count(figures.postComments) },
          {
            key: 'ratio',
            label: t('analysis.upvoteRatio'),
            value: share(figures.upvoteRatio, { maximumFractionDigits: 0 }),
          },
        ]
      : []),
  ];
  const measuredAt = figures.measuredAt
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(figures.measuredAt),
      )
    : null;
  return (
    <div className="grid gap-2">
      <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {t('analysis.social')}
      </h4>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {metrics.map((metric) => (
          <DetailField key={metric.key} label={metric.label}>
            {metric.value ?? <span className="text-muted-foreground">{t('analysis.notAvailable')}</span>}
          </DetailField>
        ))}
      </dl>
      {platform === 'linkedin' ? (
        <p className="text-xs text-muted-foreground">{t('analysis.linkedinNoFigures')}</p>
      ) : null}
      {figures.sampleSize && (figures.engagementRate !== undefined || figures.bestPostingSlot) ? (
        <p className="text-xs text-muted-foreground">
          {t('analysis.sample', {
            count: figures.sampleSize,
            value: formatCount(figures.sampleSize, i18n.language),
          })}
        </p>
      ) : null}
      {measuredAt ? (
        <p className="text-xs text-muted-foreground">{t('analysis.measuredAt', { time: measuredAt })}</p>
      ) : null}
    </div>
  );
}

/** The twin's analysis of the task; only the parts it found are shown. */
export function AnalysisBlock({ task }: { task: Task }) {
  const { t } = useTranslation('assistant');
  const { summary, recommendation, analysisData = {}, socialContext = {} } = task.context;
  const platform = socialContext.platform ?? SOCIAL_PLATFORM[task.type];
  // A social task always shows its metrics, available or not; another task only those it has.
  const hasSocial = platform !== undefined || Object.keys(socialContext).length > 0;
  const empty =
    !summary &&
    !recommendation &&
    !analysisData.contactActivity &&
    !analysisData.opportunityType &&
    !analysisData.recommendedApproach &&
    !hasSocial;
  return (
    <section aria-labelledby={`analysis-${task.id}`} className="grid gap-3 rounded-lg border bg-subtle p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`analysis-${task.id}`} className="flex items-center gap-2 text-sm font-semibold">
          <Sparkles className="size-4 text-primary" aria-hidden="true" />
          {t('analysis.title')}
        </h3>
        {/* Says who wrote it: the rule-based engine never passes for a language model. */}
        {task.context.analyzedBy === 'offline' ? (
          <Badge variant="outline" title={t('analysis.offlineHint')}>
            {t('analysis.offline')}
          </Badge>
        ) : task.context.analyzedBy ? (
          <Badge variant="outline">{t('analysis.byModel', { model: task.context.analyzedBy })}</Badge>
        ) : null}
      </div>
      {/* A model was asked, but its answer failed the format twice: this is the offline analysis. */}
      {task.context.analysisFallback ? (
        <p className="text-xs text-muted-foreground">
          {t('analysis.fallback', { model: task.context.analysisFallback.model })}
        </p>
      ) : null}
      {empty ? <p className="text-sm text-muted-foreground">{t('analysis.empty')}</p> : null}
      <dl className="grid gap-3">
        {summary ? <DetailField label={t('analysis.summary')}>{summary}</DetailField> : null}
        {recommendation ? (
          <DetailField label={t('analysis.recommendation')}>
            <span
              data-tone={recommendationTone(recommendation, task.context.recommendationKind)}
              className={cn(
                'inline-block rounded-md px-2 py-1 font-medium',
                TONE_CLASSES[recommendationTone(recommendation, task.context.recommendationKind)],
              )}
            >
              {recommendation}
            </span>
          </DetailField>
        ) : null}
        {analysisData.contactActivity ? (
          <DetailField label={t('analysis.activity')}>{analysisData.contactActivity}</DetailField>
        ) : null}
        {analysisData.opportunityType ? (
          <DetailField label={t('analysis.opportunityType')}>{analysisData.opportunityType}</DetailField>
        ) : null}
        {analysisData.recommendedApproach ? (
          <DetailField label={t('analysis.approach')}>{analysisData.recommendedApproach}</DetailField>
        ) : null}
      </dl>
      {hasSocial ? <SocialMetrics task={task} platform={platform} /> : null}
      <KnowledgeSources sources={task.context.analysisSources ?? []} />
    </section>
  );
}
