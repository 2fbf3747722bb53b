import type { Task } from '@doppel/contracts';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DetailField } from './detail-field';
import { KnowledgeSources } from './knowledge-sources';
import { Badge } from '@/components/ui/badge';
import { intlLocale } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { recommendationTone, type RecommendationTone } from '../utils/task-presentation';

const TONE_CLASSES: Record<RecommendationTone, string> = {
  urgent: 'bg-destructive-soft text-destructive-soft-foreground',
  opportunity: 'bg-success-soft text-success-soft-foreground',
  social: 'bg-info-soft text-info-soft-foreground',
  default: 'bg-warning-soft text-warning-soft-foreground',
};

/** The twin's analysis of the task; only the parts it found are shown. */
export function AnalysisBlock({ task }: { task: Task }) {
  const { t, i18n } = useTranslation('assistant');
  const { summary, recommendation, analysisData = {}, socialContext = {} } = task.context;
  const numbers = new Intl.NumberFormat(intlLocale(i18n.language));
  const percent = new Intl.NumberFormat(intlLocale(i18n.language), { maximumFractionDigits: 1 });
  const hasSocial =
    socialContext.audienceSize !== undefined ||
    socialContext.engagementRate !== undefined ||
    Boolean(socialContext.bestPostingTime);
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
      {hasSocial ? (
        <div className="grid gap-2">
          <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {t('analysis.social')}
          </h4>
          <dl className="grid grid-cols-3 gap-3">
            {socialContext.audienceSize !== undefined ? (
              <DetailField label={t('analysis.audienceSize')}>
                {numbers.format(socialContext.audienceSize)}
              </DetailField>
            ) : null}
            {socialContext.engagementRate !== undefined ? (
              <DetailField label={t('analysis.engagementRate')}>
                {percent.format(socialContext.engagementRate)}%
              </DetailField>
            ) : null}
            {socialContext.bestPostingTime ? (
              <DetailField label={t('analysis.bestTime')}>{socialContext.bestPostingTime}</DetailField>
            ) : null}
          </dl>
        </div>
      ) : null}
      <KnowledgeSources sources={task.context.analysisSources ?? []} />
    </section>
  );
}
