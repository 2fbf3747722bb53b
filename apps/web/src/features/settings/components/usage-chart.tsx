import type { TokenUsage } from '@doppel/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatTokens } from '@/lib/format-number';
import { intlLocale } from '@/lib/i18n';

const WIDTH = 300;
const HEIGHT = 100;
const GAP = 2;

/**
 * Daily token usage as a small hand-drawn SVG bar chart: a charting library would not fit the
 * bundle budget. Screen readers get the figures from a visually hidden table.
 */
export function UsageChart({ daily }: { daily: TokenUsage['daily'] }) {
  const { t, i18n } = useTranslation('settings');
  const titleId = useId();
  const locale = intlLocale(i18n.language);
  const days = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const formatDay = (date: string) => {
    const parsed = new Date(`${date}T00:00:00Z`);
    return Number.isNaN(parsed.getTime()) ? date : days.format(parsed);
  };
  const peak = Math.max(1, ...daily.map((day) => day.tokens));
  const barWidth = daily.length > 0 ? WIDTH / daily.length : WIDTH;
  const first = daily[0];
  const last = daily.at(-1);

  return (
    <figure className="grid gap-2">
      <figcaption id={titleId} className="text-sm font-medium">
        {t('tokens.chartTitle')}
      </figcaption>
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-32 w-full rounded-md border bg-muted/30"
      >
        {daily.map((day, index) => {
          // A day with some usage stays visible even next to a much bigger one.
          const height = day.tokens === 0 ? 0 : Math.max(2, (day.tokens / peak) * (HEIGHT - 4));
          return (
            <rect
              key={day.date}
              x={index * barWidth + GAP / 2}
              y={HEIGHT - height}
              width={Math.max(1, barWidth - GAP)}
              height={height}
              className="fill-primary"
            >
              <title>
                {t('tokens.chartBar', {
                  date: formatDay(day.date),
                  tokens: formatTokens(day.tokens, i18n.language),
                })}
              </title>
            </rect>
          );
        })}
      </svg>
      {first && last ? (
        <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
          <span>{formatDay(first.date)}</span>
          <span>{formatDay(last.date)}</span>
        </div>
      ) : null}
      <table className="sr-only">
        <caption>{t('tokens.chartTableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('tokens.date')}</th>
            <th scope="col">{t('tokens.tokensColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((day) => (
            <tr key={day.date}>
              <td>{formatDay(day.date)}</td>
              <td>{formatCount(day.tokens, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
