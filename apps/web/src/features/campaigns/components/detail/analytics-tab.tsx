import type { CampaignAnalytics, Campaign } from '@doppel/contracts';
import { ChartLine } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Area, AreaChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/list-states';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { isRunning, useCampaignAnalytics } from '../../api/campaign-detail-api';
import { formatDay, formatNumber, formatPercent } from './detail-format';

const CHART_HEIGHT = 260;
const FOUND_COLOR = 'var(--primary)';
const CONTACTED_COLOR = 'var(--info-soft-foreground)';

/**
 * Analytics: leads found and contacted per day, and the funnel
 * found → contacted → responded → qualified → converted with each step's conversion rate.
 */
export function AnalyticsTab({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation('campaignDetail');
  const analytics = useCampaignAnalytics(campaign.id, { live: isRunning(campaign) });
  if (analytics.isPending)
    return (
      <LoadingState label={t('analytics.loading')} className="grid gap-5">
        <Skeleton className="h-80 w-full rounded-xl" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </LoadingState>
    );
  if (analytics.isError)
    return (
      <ErrorState
        message={errorMessage(analytics.error, t('errors.analyticsLoad'))}
        onRetry={() => void analytics.refetch()}
        retrying={analytics.isFetching}
      />
    );
  return (
    <div className="grid gap-5">
      <LeadsOverTime points={analytics.data.leadsOverTime} />
      <Funnel steps={analytics.data.funnel} />
    </div>
  );
}

function LeadsOverTime({ points }: { points: CampaignAnalytics['leadsOverTime'] }) {
  const { t, i18n } = useTranslation('campaignDetail');
  const language = i18n.language;
  const titleId = useId();
  const found = t('analytics.found');
  const contacted = t('analytics.contacted');
  const count = (value: unknown) => formatNumber(Number(value), language);
  return (
    <figure aria-labelledby={titleId} className="grid gap-3 rounded-xl border p-4">
      <figcaption id={titleId} className="text-base font-semibold">
        {t('analytics.overTime')}
      </figcaption>
      {points.length === 0 ? (
        <div className="flex min-h-40 flex-col items-center justify-center gap-2 text-center text-sm text-muted-foreground">
          <ChartLine className="size-6" aria-hidden="true" />
          <p>{t('analytics.noData')}</p>
        </div>
      ) : (
        <>
          {/* The picture is for the eyes; the table below says the same to a screen reader. */}
          <div aria-hidden="true">
            <AreaChart
              responsive
              data={points}
              style={{ width: '100%', height: CHART_HEIGHT }}
              margin={{ top: 8, right: 12, bottom: 0, left: -12 }}
              accessibilityLayer={false}
            >
              <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
              <XAxis
                dataKey="date"
                tickFormatter={(day: string) => formatDay(day, language)}
                stroke="var(--muted-foreground)"
                fontSize={12}
                minTickGap={16}
              />
              <YAxis
                allowDecimals={false}
                stroke="var(--muted-foreground)"
                fontSize={12}
                tickFormatter={count}
              />
              <Tooltip
                labelFormatter={(day) => (typeof day === 'string' ? formatDay(day, language) : '')}
                formatter={(value) => count(value)}
                contentStyle={{ background: 'var(--card)', borderColor: 'var(--border)', borderRadius: 8 }}
              />
              <Legend />
              <Area
                type="monotone"
                dataKey="found"
                name={found}
                stroke={FOUND_COLOR}
                fill={FOUND_COLOR}
                fillOpacity={0.15}
                strokeWidth={2}
              />
              <Area
                type="monotone"
                dataKey="contacted"
                name={contacted}
                stroke={CONTACTED_COLOR}
                fill={CONTACTED_COLOR}
                fillOpacity={0.15}
                strokeWidth={2}
              />
            </AreaChart>
          </div>
          <table className="sr-only">
            <caption>{t('analytics.overTimeTable')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('analytics.date')}</th>
                <th scope="col">{found}</th>
                <th scope="col">{contacted}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.date}>
                  <th scope="row">{formatDay(point.date, language)}</th>
                  <td>{count(point.found)}</td>
                  <td>{count(point.contacted)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}

function Funnel({ steps }: { steps: CampaignAnalytics['funnel'] }) {
  const { t, i18n } = useTranslation('campaignDetail');
  const language = i18n.language;
  const headingId = useId();
  const widest = Math.max(1, ...steps.map((step) => step.count));
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-xl border p-4">
      <h2 id={headingId} className="text-base font-semibold">
        {t('analytics.funnel')}
      </h2>
      <ol className="grid gap-3">
        {steps.map((step, index) => {
          const label = t(`analytics.stages.${step.stage}`);
          const previous = index > 0 ? t(`analytics.stages.${steps[index - 1]!.stage}`) : null;
          const value = formatNumber(step.count, language);
          return (
            <li key={step.stage} className="grid gap-1">
              <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                <span className="font-medium">{label}</span>
                <span className="tabular-nums">
                  <span className="font-semibold">{value}</span>
                  {step.conversionRate !== null && previous ? (
                    <span className="text-muted-foreground">
                      {' · '}
                      {t('analytics.conversion', {
                        rate: formatPercent(step.conversionRate, language),
                        previous,
                      })}
                    </span>
                  ) : null}
                </span>
              </div>
              <div className="h-3 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
                <div
                  className="h-full rounded-full bg-primary"
                  style={{ width: `${(step.count / widest) * 100}%`, opacity: 1 - index * 0.12 }}
                />
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
