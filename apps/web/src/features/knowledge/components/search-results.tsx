import { SearchX, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { Badge } from '@/components/ui/badge';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';
import { useKnowledgeSearch, useSemanticSearchStatus } from '../api/knowledge-api';
import { SearchSnippet } from './search-snippet';
import { useDocumentLabels } from './use-document-labels';

/** Ranked matches for the query, best first; each opens its document. */
export function SearchResults({ query, onOpen }: { query: string; onOpen: (id: string) => void }) {
  const { t } = useTranslation('knowledge');
  const labels = useDocumentLabels();
  const search = useKnowledgeSearch(query);
  const semantic = useSemanticSearchStatus();
  const headingId = useId();

  let content;
  if (search.isPending) {
    content = (
      <div role="status" className="grid gap-3">
        <span className="sr-only">{t('search.searching')}</span>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-20 w-full" />
        ))}
      </div>
    );
  } else if (!search.data) {
    content = (
      <ErrorState
        message={errorMessage(search.error, t('errors.search'))}
        onRetry={() => void search.refetch()}
        retrying={search.isFetching}
      />
    );
  } else if (!search.data.searchable) {
    content = <Notice variant="neutral">{t('search.nothingIndexed')}</Notice>;
  } else if (search.data.hits.length === 0) {
    content = (
      <Notice variant="neutral">
        <SearchX aria-hidden="true" />
        <p>{t('search.noResults', { query })}</p>
      </Notice>
    );
  } else {
    content = (
      <ol
        aria-label={t('search.results')}
        className={cn('grid gap-3 transition-opacity', search.isPlaceholderData && 'opacity-60')}
      >
        {search.data.hits.map((hit) => (
          <li
            key={hit.documentId}
            className="relative grid gap-1.5 rounded-lg border bg-card p-4 text-card-foreground shadow-xs focus-within:ring-2 focus-within:ring-ring hover:border-primary/40"
          >
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="min-w-0 truncate font-medium">
                <button
                  type="button"
                  onClick={() => onOpen(hit.documentId)}
                  className="text-left outline-none after:absolute after:inset-0 after:rounded-lg"
                >
                  {hit.title}
                </button>
              </h3>
              <Badge variant="outline">{labels.category(hit.category)}</Badge>
              {hit.match === 'meaning' ? (
                // No word of the query is in it: say why it is here.
                <Badge variant="soft">
                  <Sparkles aria-hidden="true" />
                  {t('search.byMeaning')}
                </Badge>
              ) : null}
            </div>
            <p className="line-clamp-3 text-sm text-muted-foreground">
              <SearchSnippet snippet={hit.snippet} />
            </p>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <section aria-labelledby={headingId} aria-busy={search.isFetching} className="grid gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('search.results')}
        </h2>
        {search.data && search.data.hits.length > 0 ? (
          <span className="text-sm text-muted-foreground tabular-nums">
            {t('search.count', { count: search.data.hits.length })}
          </span>
        ) : null}
      </div>
      {search.data?.searchable && search.data.mode === 'full_text' && semantic.data?.state === 'ready' ? (
        // The user has search by meaning, but their search model did not answer this time.
        <p className="text-xs text-muted-foreground">{t('search.wordsOnly')}</p>
      ) : null}
      {content}
    </section>
  );
}
