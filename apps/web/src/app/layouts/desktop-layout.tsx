import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PastDueBanner } from '@/features/settings/components/past-due-banner';
import { DemoBanner } from '@/features/shell/components/demo-banner';
import { Sidebar } from '@/features/shell/components/sidebar';
import { PageFallback } from './page-fallback';
import { useSettingsDialog } from './settings-dialog-host';

/** ≥ 768 px: fixed sidebar on the left, the page beside it. No bottom bar. */
export function DesktopLayout() {
  const { t } = useTranslation();
  const settings = useSettingsDialog();
  return (
    <div className="min-h-dvh">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-3 focus:py-2"
      >
        {t('skipToContent')}
      </a>
      <Sidebar onOpenSettings={settings.open} onSettingsIntent={settings.preload} />
      <div className="flex min-h-dvh flex-col pl-64">
        <DemoBanner />
        <PastDueBanner />
        <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {settings.element}
    </div>
  );
}
