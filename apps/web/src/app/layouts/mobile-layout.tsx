import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { BottomNav } from '@/features/shell/components/bottom-nav';
import { PastDueBanner } from '@/features/settings/components/past-due-banner';
import { DemoBanner } from '@/features/shell/components/demo-banner';
import { MobileHeader } from '@/features/shell/components/mobile-header';
import { PageFallback } from './page-fallback';
import { useSettingsDialog } from './settings-dialog-host';

/** < 768 px: header with the logo, the page, a fixed bottom bar of four tabs. No sidebar. */
export function MobileLayout() {
  const settings = useSettingsDialog();
  return (
    <div className="flex min-h-dvh flex-col">
      <MobileHeader onOpenSettings={settings.open} onSettingsIntent={settings.preload} />
      <DemoBanner />
      <PastDueBanner />
      <main
        id="main-content"
        tabIndex={-1}
        className="flex-1 pb-[calc(4rem+env(safe-area-inset-bottom))] outline-none"
      >
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <BottomNav />
      {settings.element}
    </div>
  );
}
