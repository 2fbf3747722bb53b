import { KNOWLEDGE_QUOTA_BYTES, type DocumentStats } from '@doppel/contracts';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMegabytes, formatPercent } from '../utils/format';

/** The spec's four stat cards (total, processed, average quality, readiness) and the storage used. */
export function KnowledgeStats({ stats, loading }: { stats: DocumentStats | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation('knowledge');
  const language = i18n.language;
  const cards = [
    { key: 'total', value: stats && formatCount(stats.total, language) },
    { key: 'processed', value: stats && formatCount(stats.processed, language) },
    { key: 'averageQuality', value: stats && formatPercent(stats.averageQuality, language) },
    { key: 'readiness', value: stats && formatPercent(stats.readiness, language) },
  ] as const;
  return (
    <div className="grid gap-2">
      <dl aria-label={t('stats.label')} aria-busy={loading} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map(({ key, value }) => (
          <div key={key} className="grid gap-0.5 rounded-lg border bg-subtle px-4 py-3">
            <dt className="text-xs font-medium text-muted-foreground">{t(`stats.${key}`)}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      {/* A reserved line, so the page does not shift when the figures arrive. */}
      <p className="min-h-4 text-xs text-muted-foreground">
        {stats
          ? t('stats.storage', {
              used: formatMegabytes(stats.storageBytes, language),
              quota: formatMegabytes(KNOWLEDGE_QUOTA_BYTES, language, 0),
            })
          : null}
      </p>
    </div>
  );
}
