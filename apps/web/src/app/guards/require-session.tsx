import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';
import { useSession } from '@/lib/services';

/**
 * Protected routes need a session — a demo session counts. While the first refresh is still
 * running we wait instead of redirecting, so a signed-in user never sees /auth flash by.
 */
export function RequireSession() {
  const { status, reconnecting } = useSession();
  const location = useLocation();
  if (status === 'loading') return <FullPageLoader reconnecting={reconnecting} />;
  if (status === 'signedOut') return <Navigate to="/auth" replace state={{ from: location }} />;
  return <Outlet />;
}
