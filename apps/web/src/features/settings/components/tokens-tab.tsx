import type { TokenUsage } from '@doppel/contracts';
import { ChartColumn } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { EmptyState } from '@/components/list-states';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { formatCount, formatTokens } from '@/lib/format-number';
import { intlLocale } from '@/lib/i18n';
import { useTokenUsage } from '../api/get-token-usage';
import { UsageChart } from './usage-chart';

/** Tokens used against the monthly quota, by model and by day. */
export function TokensTab() {
  const { t } = useTranslation('settings');
  const usage = useTokenUsage();
  if (usage.isError) {
    return (
      <ErrorState
        message={errorMessage(usage.error, t('tokens.loadFailed'))}
        onRetry={() => void usage.refetch()}
        retrying={usage.isFetching}
      />
    );
  }
  if (!usage.data) return <TokensSkeleton />;
  return <TokenUsageDetails usage={usage.data} />;
}

function TokenUsageDetails({ usage }: { usage: TokenUsage }) {
  const { t, i18n } = useTranslation('settings');
  const usedHeadingId = useId();
  const byModelHeadingId = useId();
  const locale = intlLocale(i18n.language);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const share = usage.total > 0 ? Math.min(1, usage.used / usage.total) : 0;
  const used = formatCount(usage.used, i18n.language);
  const total = formatTokens(usage.total, i18n.language);
  const periodStart = new Date(usage.periodStart);
  const since = Number.isNaN(periodStart.getTime())
    ? usage.periodStart
    : new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(periodStart);
  const nothingUsed = usage.used === 0 && usage.byModel.length === 0;

  return (
    <div className="grid gap-6">
      <section className="grid gap-3" aria-labelledby={usedHeadingId}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id={usedHeadingId} className="text-base font-semibold">
            {t('tokens.title')}
          </h3>
          <p className="text-xs text-muted-foreground">{t('tokens.since', { date: since })}</p>
        </div>
        <p className="text-sm">
          <span className="text-2xl font-semibold tabular-nums">{used}</span>{' '}
          <span className="text-muted-foreground">{t('tokens.ofTotal', { total })}</span>
        </p>
        <div
          role="progressbar"
          aria-label={t('tokens.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={usage.total}
          aria-valuenow={Math.min(usage.used, usage.total)}
          aria-valuetext={t('tokens.progressValue', { used, total, percent: percent.format(share) })}
          className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
        >
          <div
            className={share >= 0.9 ? 'h-full bg-destructive' : 'h-full bg-primary'}
            style={{ width: `${share * 100}%` }}
          />
        </div>
        <p className="text-xs text-muted-foreground">
          {t('tokens.remaining', {
            tokens: formatTokens(Math.max(0, usage.total - usage.used), i18n.language),
          })}
        </p>
      </section>

      {nothingUsed ? (
        <EmptyState size="section" icon={ChartColumn} title={t('tokens.empty')} />
      ) : (
        <>
          <section className="grid gap-2" aria-labelledby={byModelHeadingId}>
            <h3 id={byModelHeadingId} className="text-sm font-medium">
              {t('tokens.byModel')}
            </h3>
            <table className="w-full text-sm">
              <caption className="sr-only">{t('tokens.byModel')}</caption>
              <thead className="text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="py-1 font-normal">
                    {t('tokens.model')}
                  </th>
                  <th scope="col" className="py-1 text-right font-normal">
                    {t('tokens.tokensColumn')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {usage.byModel.map((row) => (
                  <tr key={row.model} className="border-t">
                    <td className="py-2 break-all">{row.model}</td>
                    <td className="py-2 text-right tabular-nums">{formatCount(row.tokens, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <UsageChart daily={usage.daily} />
        </>
      )}
    </div>
  );
}

function TokensSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true">
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}
