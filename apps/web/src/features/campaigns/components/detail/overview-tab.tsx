import { campaignStages, CONTACT_SOURCES, type Campaign } from '@doppel/contracts';
import { Bot, CircleCheck, Circle, Coins, MessageSquareReply, Target, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsDesktop } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { formatCount, formatTokens } from '@/lib/format-number';
import { formatThousandTokens } from '../../utils/campaign-format';
import { formatNumber, formatPercent } from './detail-format';
import { CampaignStageBadge } from '../campaign-badges';
import { SOURCE_ICONS } from '../source-icon';
import { CHANNEL_ICONS } from '../wizard/engagement-step';
import { PlatformsSection } from './platforms-section';
import { ProgressBar } from './progress-bar';
import { RunStatus } from './run-status';
import { SequenceSection } from './sequence-section';
import { useDetailLabels } from './use-detail-labels';

/**
 * Overview: the metrics the server computes from the leads, progress with the
 * stage, token usage, the run and what each source did, the sequence's figures, data sources,
 * tools and channels, and the AI configuration. Phones also get the campaign's platforms as tiles.
 */
export function OverviewTab({
  campaign,
  onOpenSettings,
}: {
  campaign: Campaign;
  onOpenSettings: () => void;
}) {
  const isDesktop = useIsDesktop();
  return (
    <div className="grid gap-5">
      {isDesktop ? null : <PlatformsSection platforms={campaign.platforms} />}
      <Metrics campaign={campaign} />
      <div className="grid gap-5 lg:grid-cols-2">
        <Progress campaign={campaign} />
        <TokenUsage campaign={campaign} />
      </div>
      <RunStatus campaign={campaign} onSetUp={onOpenSettings} />
      <SequenceSection campaign={campaign} onOpenSettings={onOpenSettings} />
      <div className="grid gap-5 lg:grid-cols-2">
        <DataSources campaign={campaign} />
        <AiConfiguration campaign={campaign} />
      </div>
    </div>
  );
}

function Card({
  labelledBy,
  title,
  children,
  className,
}: {
  labelledBy: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={cn('grid content-start gap-3 rounded-xl border p-4', className)}
    >
      <h2 id={labelledBy} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Metrics({ campaign }: { campaign: Campaign }) {
  const { t, i18n } = useTranslation('campaignDetail');
  const { metrics } = campaign;
  const language = i18n.language;
  const target = campaign.stageConfigs.extraction.target_contact_count;
  const cards: Array<{ key: string; icon: LucideIcon; label: string; value: string; hint: string }> = [
    {
      key: 'leads',
      icon: Users,
      label: t('metrics.leads'),
      value: formatNumber(metrics.leads_found, language),
      hint: t('metrics.leadsHint', { target: formatNumber(target, language) }),
    },
    {
      key: 'response',
      icon: MessageSquareReply,
      label: t('metrics.response'),
      value: formatPercent(metrics.response_rate, language),
      hint: t('metrics.responseHint', {
        responded: formatNumber(metrics.leads_responded, language),
        contacted: formatNumber(metrics.leads_contacted, language),
      }),
    },
    {
      key: 'qualified',
      icon: Target,
      label: t('metrics.qualified'),
      value: formatNumber(metrics.leads_qualified, language),
      hint: t('metrics.qualifiedHint', { converted: formatNumber(metrics.leads_converted, language) }),
    },
    {
      key: 'cost',
      icon: Coins,
      label: t('metrics.costPerLead'),
      value: formatThousandTokens(metrics.cost_per_lead, language),
      hint: t('metrics.costPerLeadHint'),
    },
  ];
  return (
    <section aria-labelledby="metrics-heading">
      <h2 id="metrics-heading" className="sr-only">
        {t('metrics.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map(({ key, icon: Icon, label, value, hint }) => (
          <div key={key} className="grid gap-1 rounded-xl border p-4">
            <dt className="flex items-center gap-2 text-sm text-muted-foreground">
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </dt>
            <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
            <dd className="text-xs text-muted-foreground">{hint}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Progress({ campaign }: { campaign: Campaign }) {
  const { t, i18n } = useTranslation('campaignDetail');
  const percent = formatPercent(campaign.progress, i18n.language);
  return (
    <Card labelledBy="progress-heading" title={t('progress.title')}>
      <div className="flex items-center justify-between gap-2 text-sm">
        <CampaignStageBadge stage={campaign.currentStage} />
        <span className="font-medium tabular-nums">{percent}</span>
      </div>
      <ProgressBar value={campaign.progress} label={t('progress.label')} valueText={percent} />
      <ol className="grid grid-cols-3 gap-2 text-xs" aria-label={t('progress.stages')}>
        {campaignStages.map((stage) => {
          const done = campaign.stageCompletion[stage];
          const Icon = done ? CircleCheck : Circle;
          return (
            <li
              key={stage}
              className={cn(
                'flex items-center gap-1.5',
                done ? 'text-success-soft-foreground' : 'text-muted-foreground',
                stage === campaign.currentStage && !done && 'font-medium text-foreground',
              )}
            >
              <Icon className="size-3.5 shrink-0" aria-hidden="true" />
              <span>
                {t(`stage.${stage}`)}
                <span className="sr-only">
                  {' — '}
                  {done ? t('progress.done') : t('progress.notDone')}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

function TokenUsage({ campaign }: { campaign: Campaign }) {
  const { t, i18n } = useTranslation('campaignDetail');
  const language = i18n.language;
  const { budget } = campaign;
  // "61.5K of 200K tokens", "0 of 200K tokens": the spent figure alone, the word once.
  const spent = formatCount(Math.round(budget.spent * 1000), language);
  const total = formatThousandTokens(budget.total, language);
  const usage = t('tokens.usage', { spent, total });
  return (
    <Card labelledBy="tokens-heading" title={t('tokens.title')}>
      <p className="text-sm">
        <span className="text-2xl font-semibold tabular-nums">{usage}</span>
      </p>
      <ProgressBar value={budget.spent} max={budget.total} label={t('tokens.label')} valueText={usage} />
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{t('tokens.daily')}</dt>
          <dd className="font-medium tabular-nums">{formatThousandTokens(budget.daily, language)}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{t('tokens.remaining')}</dt>
          <dd className="font-medium tabular-nums">
            {formatThousandTokens(Math.max(0, budget.total - budget.spent), language)}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

function DataSources({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation('campaignDetail');
  const labels = useDetailLabels();
  const { extraction, enrichment, engagement } = campaign.stageConfigs;
  return (
    <Card labelledBy="sources-heading" title={t('sources.title')}>
      <ul className="grid gap-2" aria-label={t('sources.title')}>
        {extraction.sources.map((source) => {
          const Icon = SOURCE_ICONS[source];
          const info = CONTACT_SOURCES.find((item) => item.id === source);
          const config = extraction.source_configs[source];
          let hint: string | null = null;
          if (info?.access === 'url') hint = config?.url ? t('sources.urlSet') : t('sources.urlMissing');
          else if (info?.access === 'credential') hint = t('sources.needsKey');
          else if (info?.access === 'unavailable') hint = t('sources.unavailable');
          return (
            <li key={source} className="flex items-start gap-3 text-sm">
              <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-muted">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <div className="grid min-w-0 gap-0.5">
                <span className="font-medium">{labels.source(source)}</span>
                {config?.query ? (
                  <span className="text-xs break-words text-muted-foreground">
                    {t('sources.query', { query: config.query })}
                  </span>
                ) : null}
                {hint ? <span className="text-xs text-muted-foreground">{hint}</span> : null}
              </div>
            </li>
          );
        })}
      </ul>
      <dl className="grid gap-2 border-t pt-3 text-sm">
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{t('sources.tools')}</dt>
          <dd>{enrichment.tools.map(labels.tool).join(', ') || t('sources.none')}</dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-muted-foreground">{t('sources.channels')}</dt>
          <dd className="flex flex-wrap gap-2">
            {engagement.channels.length === 0
              ? t('sources.none')
              : engagement.channels.map((channel) => {
                  const Icon = CHANNEL_ICONS[channel];
                  return (
                    <span
                      key={channel}
                      className="inline-flex items-center gap-1 rounded-md bg-muted px-2 py-0.5"
                    >
                      <Icon className="size-3.5" aria-hidden="true" />
                      {labels.channel(channel)}
                    </span>
                  );
                })}
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{t('sources.target')}</dt>
          <dd className="tabular-nums">{extraction.target_contact_count}</dd>
        </div>
      </dl>
    </Card>
  );
}

function AiConfiguration({ campaign }: { campaign: Campaign }) {
  const { t, i18n } = useTranslation('campaignDetail');
  const language = i18n.language;
  const ai = campaign.ai_config;
  const personalization = ['low', 'medium', 'high'].includes(ai.personalization)
    ? t(`personalization.${ai.personalization as 'low' | 'medium' | 'high'}`)
    : ai.personalization;
  const rows: Array<[string, string]> = [
    [t('ai.model'), ai.model],
    [t('ai.personalization'), personalization],
    [t('ai.temperature'), formatNumber(ai.temperature, language, 2)],
    [t('ai.maxTokens'), formatNumber(ai.max_tokens, language)],
    [t('ai.tokensUsed'), formatCount(ai.tokens_used, language)],
    [t('ai.avgCost'), formatTokens(ai.avg_cost_per_message, language)],
  ];
  return (
    <Card labelledBy="ai-heading" title={t('ai.title')}>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-0.5">
            <dt className="flex items-center gap-1.5 text-muted-foreground">{label}</dt>
            <dd className="font-medium break-words tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Bot className="size-3.5" aria-hidden="true" />
        {t('ai.hint')}
      </p>
    </Card>
  );
}
