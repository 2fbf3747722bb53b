import { useIsDesktop } from '@/lib/use-media-query';
import { DesktopLayout } from './desktop-layout';
import { MobileLayout } from './mobile-layout';

/** One layout or the other is rendered — never both hidden by CSS. */
export function AppLayout() {
  return useIsDesktop() ? <DesktopLayout /> : <MobileLayout />;
}
