import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';
import { documentsOf, type useDocuments } from '../api/knowledge-api';
import { formatCount } from '../utils/format';
import { DocumentListEmpty, DocumentListSkeleton } from './document-list-states';
import { DocumentRow } from './document-row';

interface DocumentListProps {
  documents: ReturnType<typeof useDocuments>;
  /** A category is chosen (the empty state says so). */
  filtered: boolean;
  onOpen: (id: string) => void;
  onAdd: () => void;
}

/** The documents of the chosen category, newest first, with "Load more" for the next page. */
export function DocumentList({ documents, filtered, onOpen, onAdd }: DocumentListProps) {
  const { t, i18n } = useTranslation('knowledge');

  if (documents.isPending) return <DocumentListSkeleton />;
  if (!documents.data) {
    return (
      <ErrorState
        message={errorMessage(documents.error, t('errors.load'))}
        onRetry={() => void documents.refetch()}
        retrying={documents.isFetching}
      />
    );
  }

  const items = documentsOf(documents.data);
  if (items.length === 0) return <DocumentListEmpty filtered={filtered} onAdd={onAdd} />;

  // Counted with the first page only (with the base's figures); later pages leave it out.
  const total = documents.data.pages[0]?.total ?? items.length;
  return (
    <div className="grid gap-3">
      <ul
        aria-label={t('list.label')}
        className={cn('grid gap-3 transition-opacity', documents.isPlaceholderData && 'opacity-60')}
      >
        {items.map((document) => (
          <DocumentRow key={document.id} document={document} onOpen={onOpen} />
        ))}
      </ul>
      {documents.isFetchNextPageError ? (
        <ErrorState
          message={errorMessage(documents.error, t('list.moreFailed'))}
          onRetry={() => void documents.fetchNextPage()}
          retrying={documents.isFetchingNextPage}
        />
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
        <span className="tabular-nums">
          {t('list.shown', {
            shown: formatCount(items.length, i18n.language),
            total: formatCount(Math.max(total, items.length), i18n.language),
          })}
        </span>
        {documents.hasNextPage && !documents.isFetchNextPageError ? (
          <Button
            variant="outline"
            loading={documents.isFetchingNextPage}
            onClick={() => void documents.fetchNextPage()}
          >
            {t('list.loadMore')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
