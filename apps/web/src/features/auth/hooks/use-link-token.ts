import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Reads the one-time `?token=` of an email link once, then takes it out of the address bar so
 * it does not linger in history or get shared by copying the URL.
 */
export function useLinkToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(location.search).get('token'));
  useEffect(() => {
    if (new URLSearchParams(location.search).has('token')) {
      void navigate({ pathname: location.pathname, hash: location.hash }, { replace: true });
    }
  }, [location.search, location.pathname, location.hash, navigate]);
  return token;
}
