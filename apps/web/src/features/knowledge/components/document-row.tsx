import type { KnowledgeDocument } from '@doppel/contracts';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { formatFullDate, formatShortDate } from '@/lib/dates';
import { formatMegabytes, formatPercent } from '../utils/format';
import { DocumentIcon } from './document-icon';
import { FailedNotice, isProcessing, ProcessingProgress, StatusBadge } from './document-status';
import { TopicChips } from './topic-chips';
import { useDocumentLabels } from './use-document-labels';

/** How many key topics a row shows before "+N". */
const TOPICS_SHOWN = 3;

/**
 * One document in the list: name (opens the detail; the whole row is its target), type, size,
 * date, status, quality and the first key topics; progress while processing, the reason and a
 * retry when it failed. The list puts it in its own list item (windowed); memoized, so a new
 * page re-renders only the rows whose document changed.
 */
export const DocumentRow = memo(function DocumentRow({
  document,
  onOpen,
}: {
  document: KnowledgeDocument;
  onOpen: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('knowledge');
  const labels = useDocumentLabels();
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="relative grid gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-xs transition-colors focus-within:ring-2 focus-within:ring-ring hover:border-primary/40"
    >
      <div className="flex items-start gap-3">
        <DocumentIcon type={document.type} />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <h3 id={titleId} className="min-w-0 truncate font-medium">
              <button
                type="button"
                onClick={() => onOpen(document.id)}
                className="text-left outline-none after:absolute after:inset-0 after:rounded-lg"
              >
                {document.name}
              </button>
            </h3>
            {document.isSample ? <Badge variant="outline">{t('document.sample')}</Badge> : null}
          </div>
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <span>{labels.type(document.type)}</span>
            <span className="tabular-nums">{formatMegabytes(document.size, i18n.language)}</span>
            <time dateTime={document.uploadDate} title={formatFullDate(document.uploadDate, i18n.language)}>
              {formatShortDate(document.uploadDate)}
            </time>
            {document.status === 'processed' ? (
              <span className="tabular-nums">
                {t('document.quality', { value: formatPercent(document.quality, i18n.language) })}
              </span>
            ) : null}
          </p>
        </div>
        <StatusBadge status={document.status} />
      </div>
      <TopicChips topics={document.keyTopics} shown={TOPICS_SHOWN} />
      {isProcessing(document.status) ? <ProcessingProgress /> : null}
      {document.status === 'error' ? <FailedNotice document={document} /> : null}
    </article>
  );
});
