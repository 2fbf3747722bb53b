import { Info } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams, type Location } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';
import { Notice } from '@/components/ui/notice';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSession } from '@/lib/services';
import { DEMO_FLAG_KEY } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthFrame } from './auth-frame';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { TryDemoButton } from './try-demo-button';

export type AuthMode = 'signin' | 'signup' | 'forgot';

function parseMode(value: string | null): AuthMode {
  return value === 'signup' || value === 'forgot' ? value : 'signin';
}

function demoFlagSet(): boolean {
  try {
    return localStorage.getItem(DEMO_FLAG_KEY) !== null;
  } catch {
    return false;
  }
}

/** /auth — sign in, sign up, forgot password and demo entry. `?mode=signup|forgot` opens a form directly. */
export function AuthPage() {
  const { t } = useTranslation('auth');
  const { status, user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const mode = parseMode(params.get('mode'));
  const [email, setEmail] = useState('');

  const state: unknown = location.state;
  const from = typeof state === 'object' && state !== null ? (state as { from?: Location }).from : undefined;
  const destination = from ? `${from.pathname}${from.search}${from.hash}` : '/actions';
  const titles: Record<AuthMode, string> = {
    signin: t('signIn.title'),
    signup: t('signUp.title'),
    forgot: t('forgot.title'),
  };
  useDocumentTitle(titles[mode]);

  if (status === 'loading') return <FullPageLoader />;
  // A real account has nothing to do here; a demo visitor may come to create one.
  if (status === 'signedIn' && user && !user.isDemo) return <Navigate to={destination} replace />;

  const setMode = (next: AuthMode, nextEmail?: string) => {
    if (nextEmail !== undefined) setEmail(nextEmail);
    setParams(next === 'signin' ? {} : { mode: next }, { replace: true, state });
  };
  const goToApp = () => void navigate(destination, { replace: true });
  const demoEnded = status === 'signedOut' && demoFlagSet();

  return (
    <AuthFrame title={titles[mode]} description={t('tagline')}>
      <div className="grid gap-5">
        {user?.isDemo ? (
          <Notice variant="info">
            <Info aria-hidden="true" />
            <p>
              {t('demo.inDemo')}{' '}
              <Link to="/actions" className="font-medium underline underline-offset-4">
                {t('demo.backToDemo')}
              </Link>
            </p>
          </Notice>
        ) : null}
        {demoEnded ? (
          <Notice variant="neutral" role="status">
            <Info aria-hidden="true" />
            <p>{t('demo.ended')}</p>
          </Notice>
        ) : null}

        {mode === 'forgot' ? (
          <ForgotPasswordForm key={email} defaultEmail={email} onBack={() => setMode('signin')} />
        ) : (
          <Tabs value={mode} onValueChange={(value) => setMode(parseMode(value))} className="grid gap-5">
            <TabsList variant="segmented-full" aria-label={t('tabsLabel')}>
              <TabsTrigger value="signin">{t('tabs.signIn')}</TabsTrigger>
              <TabsTrigger value="signup">{t('tabs.signUp')}</TabsTrigger>
            </TabsList>
            <TabsContent value="signin">
              <SignInForm
                key={email}
                defaultEmail={email}
                onSignedIn={goToApp}
                onForgotPassword={(typed) => setMode('forgot', typed)}
              />
            </TabsContent>
            <TabsContent value="signup">
              <SignUpForm
                onGoToSignIn={(created) => setMode('signin', created)}
                onForgotPassword={(created) => setMode('forgot', created)}
              />
            </TabsContent>
          </Tabs>
        )}

        <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase" aria-hidden="true">
          <span className="h-px flex-1 bg-border" />
          {t('or')}
          <span className="h-px flex-1 bg-border" />
        </div>
        <div className="grid gap-2 text-center">
          <TryDemoButton onStarted={() => void navigate('/actions', { replace: true })} />
          <p className="text-xs text-muted-foreground">{t('demo.hint')}</p>
        </div>
      </div>
    </AuthFrame>
  );
}
