import {
  type CreateLinkInput,
  type CreateThoughtInput,
  type DocumentCategory,
  type DocumentList,
  type KnowledgeDocument,
  routes,
} from '@doppel/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { i18n } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useApi } from '@/lib/services';

/*
 * The knowledge base's server state. Every key starts with 'documents', so one invalidation (a
 * mutation, a live 'document.changed' event) refreshes the lists, the search and the detail.
 */
export const knowledgeKeys = {
  all: ['documents'] as const,
  lists: () => ['documents', 'list'] as const,
  list: (category: DocumentCategory | undefined) => ['documents', 'list', category ?? 'all'] as const,
  detail: (id: string) => ['documents', 'detail', id] as const,
  search: (query: string) => ['documents', 'search', query] as const,
  semantic: () => ['documents', 'semantic-search'] as const,
};

/** While passages are being indexed, the progress is asked for this often. */
const INDEXING_POLL_MS = 3000;

/** The list's page size (the server's default, 50). */
export const DOCUMENTS_PAGE_SIZE = 50;
/** How many search hits are asked for. */
const SEARCH_LIMIT = 20;

type DocumentPages = InfiniteData<DocumentList, unknown>;

/**
 * The documents of one category (all when none), newest first, 50 at a time; "Load more" asks
 * for the page after the last one by its cursor. The first page carries the base's figures
 * and the total (null on the pages after it). The previous category stays on screen while
 * another one loads.
 */
export function useDocuments(category: DocumentCategory | undefined) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: knowledgeKeys.list(category),
    queryFn: ({ pageParam, signal }) => {
      const query = { category: category || undefined, cursor: pageParam, limit: DOCUMENTS_PAGE_SIZE };
      return api.call(routes.knowledge.list, { query, signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** The documents of all loaded pages, each once (a document added meanwhile shifts the pages). */
export function documentsOf(data: DocumentPages | undefined): KnowledgeDocument[] {
  if (!data) return [];
  const seen = new Set<string>();
  return data.pages
    .flatMap((page) => page.items)
    .filter((document) => {
      if (seen.has(document.id)) return false;
      seen.add(document.id);
      return true;
    });
}

/** A document as some loaded list shows it, so its detail opens at once. */
function cachedDocument(
  queryClient: QueryClient,
  id: string,
): { document: KnowledgeDocument; updatedAt: number } | undefined {
  for (const [queryKey, data] of queryClient.getQueriesData<DocumentPages>({
    queryKey: knowledgeKeys.lists(),
  })) {
    const document = documentsOf(data).find((item) => item.id === id);
    if (document) return { document, updatedAt: queryClient.getQueryState(queryKey)?.dataUpdatedAt ?? 0 };
  }
  return undefined;
}

/** One document; shown at once from a list when it is there, refreshed from its own route. */
export function useDocument(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: knowledgeKeys.detail(id),
    queryFn: ({ signal }) => api.call(routes.knowledge.get, { params: { id }, signal }),
    initialData: () => cachedDocument(queryClient, id)?.document,
    initialDataUpdatedAt: () => cachedDocument(queryClient, id)?.updatedAt,
  });
}

/** Ranked full-text search over the processed documents; idle while the query is empty. */
export function useKnowledgeSearch(query: string) {
  const api = useApi();
  return useQuery({
    queryKey: knowledgeKeys.search(query),
    queryFn: ({ signal }) => {
      return api.call(routes.knowledge.search, { query: { q: query, limit: SEARCH_LIMIT }, signal });
    },
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * Search by meaning's state (decision 040): off for want of pgvector or a search model,
 * indexing (asked again every few seconds until done), stalled, or ready.
 */
export function useSemanticSearchStatus() {
  const api = useApi();
  return useQuery({
    queryKey: knowledgeKeys.semantic(),
    queryFn: ({ signal }) => api.call(routes.knowledge.semanticStatus, { signal }),
    refetchInterval: (query) => (query.state.data?.state === 'indexing' ? INDEXING_POLL_MS : false),
  });
}

/** "Resume": indexing that stopped on an error starts again. */
export function useResumeIndexing() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(routes.knowledge.resumeIndexing),
    onSuccess: (status) => queryClient.setQueryData(knowledgeKeys.semantic(), status),
    onError: (error) => notifyError(error, i18n.t('knowledge:semantic.resumeFailed')),
  });
}

/**
 * After any change: the changed document is known at once, every other view of the knowledge
 * base (lists, search, details) refetches.
 */
function refreshDocuments(
  queryClient: QueryClient,
  document?: KnowledgeDocument,
  exceptId = document?.id,
): Promise<unknown> {
  if (document) queryClient.setQueryData(knowledgeKeys.detail(document.id), document);
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === knowledgeKeys.all[0] && !(queryKey[1] === 'detail' && queryKey[2] === exceptId),
  });
}

export interface UploadInput {
  files: File[];
  category: 'documents' | 'references';
}

/**
 * Sends the files in one multipart request: the category first, then one `files` part each.
 * The server answers per file; the caller shows the refusals, this toasts only a failed request.
 */
export function useUploadDocuments() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, category }: UploadInput) => {
      const form = new FormData();
      form.append('category', category);
      for (const file of files) form.append('files', file, file.name);
      return api.call(routes.knowledge.upload, { body: form });
    },
    onSuccess: (result) => {
      if (result.results.some((entry) => entry.document)) void refreshDocuments(queryClient);
    },
    onError: (error) => notifyError(error, i18n.t('knowledge:errors.upload')),
  });
}

/** What the add-link tab shows before saving; its errors are shown beside the field. */
export function useLinkPreview() {
  const api = useApi();
  return useMutation({
    mutationFn: (url: string) => api.call(routes.knowledge.previewLink, { body: { url } }),
  });
}

export function useCreateLink() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateLinkInput) => api.call(routes.knowledge.createLink, { body: input }),
    onSuccess: async (document) => {
      notifySuccess(i18n.t('knowledge:toast.linkAdded'));
      await refreshDocuments(queryClient, document);
    },
    onError: (error) => notifyError(error, i18n.t('knowledge:errors.addLink')),
  });
}

export function useCreateThought() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateThoughtInput) => api.call(routes.knowledge.createThought, { body: input }),
    onSuccess: async (document) => {
      notifySuccess(i18n.t('knowledge:toast.thoughtAdded'));
      await refreshDocuments(queryClient, document);
    },
    onError: (error) => notifyError(error, i18n.t('knowledge:errors.addThought')),
  });
}

/**
 * Queues a failed document again; with a file, that file replaces the original of an upload
 * (sent as multipart, one `files` part).
 */
export function useRetryDocument() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file?: File }) => {
      if (!file) return api.call(routes.knowledge.retry, { params: { id } });
      const form = new FormData();
      form.append('files', file, file.name);
      return api.call(routes.knowledge.retry, { params: { id }, body: form });
    },
    onSuccess: async (document) => {
      notifySuccess(i18n.t('knowledge:toast.retried', { name: document.name }));
      await refreshDocuments(queryClient, document);
    },
    onError: (error) => notifyError(error, i18n.t('knowledge:errors.retry')),
  });
}

export function useDeleteDocument() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(routes.knowledge.delete, { params: { id } }),
    onSuccess: async (_result, id) => {
      notifySuccess(i18n.t('knowledge:toast.deleted'));
      // Not removed: the open detail would fetch it again before it closes. Marked stale instead,
      // so coming back to it asks the server (and learns it is gone).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.detail(id), refetchType: 'none' }),
        refreshDocuments(queryClient, undefined, id),
      ]);
    },
    onError: (error) => notifyError(error, i18n.t('knowledge:errors.delete')),
  });
}
