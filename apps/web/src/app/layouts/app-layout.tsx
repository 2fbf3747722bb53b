import { useIsDesktop } from '@/lib/use-media-query';
import { useLiveUpdates } from '../use-live-updates';
import { DesktopLayout } from './desktop-layout';
import { MobileLayout } from './mobile-layout';

/** One layout or the other is rendered — never both hidden by CSS. */
export function AppLayout() {
  useLiveUpdates();
  return useIsDesktop() ? <DesktopLayout /> : <MobileLayout />;
}
