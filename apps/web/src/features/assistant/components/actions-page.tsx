import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useIsDesktop } from '@/lib/use-media-query';

// Each layout is its own chunk: a phone never loads the desktop screen, nor the other way round.
const DesktopActions = lazy(() => import('./desktop-actions'));
const MobileActions = lazy(() => import('./mobile-actions'));

/** /actions: the Assistant — tasks the twin suggests and the place to answer them. */
export function ActionsPage() {
  const { t } = useTranslation('assistant');
  useDocumentTitle(t('title'));
  return useIsDesktop() ? <DesktopActions /> : <MobileActions />;
}
