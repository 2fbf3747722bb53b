import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useWindowedList } from '@/lib/use-windowed-list';
import { cn } from '@/lib/utils';
import { documentsOf, type useDocuments } from '../api/knowledge-api';
import { formatCount } from '../utils/format';
import { DocumentListEmpty, DocumentListSkeleton } from './document-list-states';
import { DocumentRow } from './document-row';

/** A row's usual height before it is measured, and the space between rows. */
const ESTIMATED_ROW_HEIGHT = 150;
const ROW_GAP = 12;

interface DocumentListProps {
  documents: ReturnType<typeof useDocuments>;
  /** A category is chosen (the empty state says so). */
  filtered: boolean;
  onOpen: (id: string) => void;
  onAdd: () => void;
}

/**
 * The documents of the chosen category, newest first. Windowed (lib/use-windowed-list.ts): only
 * the rows near the window are in the page, and the next page loads as the end comes into view,
 * with "Load more" for an explicit request.
 */
export function DocumentList({ documents, filtered, onOpen, onAdd }: DocumentListProps) {
  const { t, i18n } = useTranslation('knowledge');
  const items = documents.data ? documentsOf(documents.data) : [];
  // Counted with the first page only (with the base's figures); later pages leave it out.
  const total = documents.data?.pages[0]?.total ?? items.length;
  const windowed = useWindowedList({
    count: items.length,
    keyOf: (index) => items[index]!.id,
    estimatedRowHeight: ESTIMATED_ROW_HEIGHT,
    gap: ROW_GAP,
    total,
    hasNextPage: documents.hasNextPage,
    isFetchingNextPage: documents.isFetchingNextPage,
    loadsOnScroll: !documents.isFetchNextPageError,
    fetchNextPage: () => void documents.fetchNextPage(),
  });

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

  if (items.length === 0) return <DocumentListEmpty filtered={filtered} onAdd={onAdd} />;

  return (
    <div className="grid gap-3">
      <ul
        {...windowed.listProps}
        aria-label={t('list.label')}
        className={cn(
          windowed.listProps.className,
          'transition-opacity',
          documents.isPlaceholderData && 'opacity-60',
        )}
      >
        {windowed.items.map((item) => (
          <li key={item.key} {...windowed.rowProps(item)}>
            <DocumentRow document={items[item.index]!} onOpen={onOpen} />
          </li>
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
