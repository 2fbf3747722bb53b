import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '@/lib/api-client';
import { lazyWithPreload } from '@/lib/lazy';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useIsDesktop } from '@/lib/use-media-query';
import { taskFeedQueryOptions, useTaskFeed } from '../api/use-task-feed';

// Each layout is its own chunk: a phone never loads the desktop screen, nor the other way round.
const DesktopActions = lazyWithPreload(() => import('./desktop-actions'));
const MobileActions = lazyWithPreload(() => import('./mobile-actions'));

/** Fetches the chunk of the layout this window will show, ahead of the page that needs it. */
export function preloadActionsLayout(isDesktop: boolean): Promise<unknown> {
  return isDesktop ? DesktopActions.preload() : MobileActions.preload();
}

/** Asks for the list's first page (the boot calls it as soon as the session is known). */
export function prefetchTaskFeed(queryClient: QueryClient, api: ApiClient): Promise<void> {
  return queryClient.prefetchInfiniteQuery(taskFeedQueryOptions(api));
}

/** /actions: the Assistant — tasks the twin suggests and the place to answer them. */
export function ActionsPage() {
  const { t } = useTranslation('assistant');
  useDocumentTitle(t('title'));
  // Starts loading the first page while the layout's chunk downloads; both layouts share it.
  useTaskFeed();
  return useIsDesktop() ? <DesktopActions /> : <MobileActions />;
}
