import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setCreateAccountHandler } from '@/lib/notify';
import { useSessionManager } from '@/lib/services';
import { createAccountFromDemo } from './create-account-flow';

/** Gives code outside React (toasts, the demo banner's action) a way to navigate. */
export function NavigationBridge() {
  const navigate = useNavigate();
  const session = useSessionManager();
  useEffect(() => {
    setCreateAccountHandler(createAccountFromDemo(session, navigate));
    return () => setCreateAccountHandler(null);
  }, [session, navigate]);
  return null;
}
