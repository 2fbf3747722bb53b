import { Navigate, Outlet } from 'react-router';
import { useIsDesktop } from '@/lib/use-media-query';

/** /tasks, /documents and /api exist on desktop only; phones go to /actions. */
export function DesktopOnly() {
  const isDesktop = useIsDesktop();
  return isDesktop ? <Outlet /> : <Navigate to="/actions" replace />;
}
