import { documentCategorySchema } from '@doppel/contracts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDocuments } from '../api/knowledge-api';
import { AddMaterialDialog } from './add-material-dialog';
import { CategoryFilter, type CategoryFilterValue } from './category-filter';
import { DocumentDetailDialog } from './document-detail-dialog';
import { DocumentList } from './document-list';
import { KnowledgeStats } from './knowledge-stats';
import { SearchBox } from './search-box';
import { SearchResults } from './search-results';
import { SemanticSearchState } from './semantic-search-state';

/**
 * URL parameters: the chosen category and the open document, so a reload shows them again, and
 * the passage of it a draft cited ("Why this draft" links to it).
 */
const CATEGORY_PARAM = 'category';
const DOCUMENT_PARAM = 'document';
const PASSAGE_PARAM = 'passage';
/** Typing pauses this long before a search is sent; Enter sends it at once. */
const SEARCH_DELAY_MS = 250;

/**
 * /documents (desktop): the figures, the category filter, search, the
 * document list, and the add-material and detail modals.
 */
export function KnowledgePage() {
  const { t } = useTranslation('knowledge');
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const parsedCategory = documentCategorySchema.safeParse(params.get(CATEGORY_PARAM));
  const category = parsedCategory.success ? parsedCategory.data : undefined;
  const selectedId = params.get(DOCUMENT_PARAM);
  const passage = params.get(PASSAGE_PARAM);
  const documents = useDocuments(category);
  const firstPage = documents.data?.pages[0];
  const [adding, setAdding] = useState(false);

  const [searchText, setSearchText] = useState('');
  // Enter searches for what is typed without waiting for the pause.
  const [submitted, setSubmitted] = useState<string | null>(null);
  const settled = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  const query = searchText.trim() === '' ? '' : (submitted ?? settled);

  const setParam = (name: string, value: string | null, replace: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        // The cited passage belongs to the document it was opened with.
        if (name === DOCUMENT_PARAM) next.delete(PASSAGE_PARAM);
        return next;
      },
      { replace },
    );
  const open = (id: string) => setParam(DOCUMENT_PARAM, id, false);
  const close = () => setParam(DOCUMENT_PARAM, null, true);
  const chooseCategory = (value: CategoryFilterValue) => {
    setSearchText('');
    setSubmitted(null);
    setParam(CATEGORY_PARAM, value === 'all' ? null : value, true);
  };

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 p-6 lg:p-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          {t('addMaterial')}
        </Button>
      </header>

      <KnowledgeStats stats={firstPage?.stats ?? undefined} loading={documents.isPending} />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <CategoryFilter
          value={query ? 'all' : (category ?? 'all')}
          counts={firstPage?.categoryCounts}
          onChange={chooseCategory}
        />
        <SearchBox
          value={searchText}
          onChange={(value) => {
            setSearchText(value);
            setSubmitted(null);
          }}
          onSubmit={() => setSubmitted(searchText.trim())}
        />
      </div>

      <SemanticSearchState />

      <div aria-busy={query ? undefined : documents.isFetching}>
        {query ? (
          <SearchResults query={query} onOpen={open} />
        ) : (
          <DocumentList
            documents={documents}
            filtered={category !== undefined}
            onOpen={open}
            onAdd={() => setAdding(true)}
          />
        )}
      </div>

      <AddMaterialDialog open={adding} onOpenChange={setAdding} />
      {selectedId ? (
        <DocumentDetailDialog key={selectedId} id={selectedId} passage={passage} onClose={close} />
      ) : null}
    </div>
  );
}
