import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useIsDesktop } from '@/lib/use-media-query';
import { useTaskFeed } from '../api/use-task-feed';

// Each layout is its own chunk: a phone never loads the desktop screen, nor the other way round.
const loadDesktop = () => import('./desktop-actions');
const loadMobile = () => import('./mobile-actions');
const DesktopActions = lazy(loadDesktop);
const MobileActions = lazy(loadMobile);

/** Fetches the chunk of the layout this window will show, ahead of the page that needs it. */
export function preloadActionsLayout(isDesktop: boolean): Promise<unknown> {
  return isDesktop ? loadDesktop() : loadMobile();
}

/** /actions: the Assistant — tasks the twin suggests and the place to answer them. */
export function ActionsPage() {
  const { t } = useTranslation('assistant');
  useDocumentTitle(t('title'));
  // Starts loading the first page while the layout's chunk downloads; both layouts share it.
  useTaskFeed();
  return useIsDesktop() ? <DesktopActions /> : <MobileActions />;
}
