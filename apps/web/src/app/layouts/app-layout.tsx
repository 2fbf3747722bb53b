import { useBillingReturn } from '@/features/settings/components/use-billing-return';
import { useIsDesktop } from '@/lib/use-media-query';
import { useLiveUpdates } from '../use-live-updates';
import { DesktopLayout } from './desktop-layout';
import { MobileLayout } from './mobile-layout';

/** One layout or the other is rendered — never both hidden by CSS. */
export function AppLayout() {
  useLiveUpdates();
  // After the layouts' settings dialog registers (children's effects run first).
  useBillingReturn();
  return useIsDesktop() ? <DesktopLayout /> : <MobileLayout />;
}
