import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';
import { preloadAppDictionaries } from '@/lib/i18n';
import { lazyWithPreload } from '@/lib/lazy';
import { DESKTOP_MEDIA_QUERY } from '@/lib/use-media-query';
import type { AppInstance } from './create-app';
import { DesktopOnly } from './guards/desktop-only';
import { RequireSession } from './guards/require-session';
import { RouteErrorBoundary } from './route-error-boundary';

// Every screen is its own chunk so /auth does not pay for the app shell and vice versa.
const AuthPage = lazyWithPreload(() =>
  import('@/features/auth/components/auth-page').then((m) => ({ default: m.AuthPage })),
);
const VerifyEmailPage = lazyWithPreload(() =>
  import('@/features/auth/components/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
);
const ResetPasswordPage = lazyWithPreload(() =>
  import('@/features/auth/components/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const ConfirmEmailPage = lazyWithPreload(() =>
  import('@/features/auth/components/confirm-email-page').then((m) => ({ default: m.ConfirmEmailPage })),
);
// Opened from campaign mail by its recipients, who are not users: no session, no app shell.
const UnsubscribePage = lazyWithPreload(() =>
  import('@/features/unsubscribe/components/unsubscribe-page').then((m) => ({ default: m.UnsubscribePage })),
);
const NotFoundPage = lazyWithPreload(() =>
  import('./not-found-page').then((m) => ({ default: m.NotFoundPage })),
);
const AppLayout = lazyWithPreload(() =>
  import('./layouts/app-layout').then((m) => ({ default: m.AppLayout })),
);
const loadActionsPage = () => import('@/features/assistant/components/actions-page');
const ActionsPage = lazyWithPreload(() => loadActionsPage().then((m) => ({ default: m.ActionsPage })));
const TasksBoardPage = lazyWithPreload(() =>
  import('@/features/tasks-board/components/tasks-board-page').then((m) => ({ default: m.TasksBoardPage })),
);
const PersonasPage = lazyWithPreload(() =>
  import('@/features/personas/components/personas-page').then((m) => ({ default: m.PersonasPage })),
);
const KnowledgePage = lazyWithPreload(() =>
  import('@/features/knowledge/components/knowledge-page').then((m) => ({ default: m.KnowledgePage })),
);
const ApiKeysPage = lazyWithPreload(() =>
  import('@/features/api-keys/components/api-keys-page').then((m) => ({ default: m.ApiKeysPage })),
);
const CampaignsPage = lazyWithPreload(() =>
  import('@/features/campaigns/components/campaigns-page').then((m) => ({ default: m.CampaignsPage })),
);
const CampaignDetailPage = lazyWithPreload(() =>
  import('@/features/campaigns/components/campaign-detail-page').then((m) => ({
    default: m.CampaignDetailPage,
  })),
);
const SignalsPage = lazyWithPreload(() =>
  import('@/features/signals/components/signals-page').then((m) => ({ default: m.SignalsPage })),
);
// Where Reddit's and LinkedIn's consent pages send the browser back (decision 032).
const OAuthCallbackPage = lazyWithPreload(() =>
  import('@/features/messengers/components/oauth-callback-page').then((m) => ({
    default: m.OAuthCallbackPage,
  })),
);
const ContactsPage = lazyWithPreload(() =>
  import('@/features/contacts/components/contacts-page').then((m) => ({ default: m.ContactsPage })),
);
const ContactPage = lazyWithPreload(() =>
  import('@/features/contacts/components/contact-page').then((m) => ({ default: m.ContactPage })),
);
const AgentPage = lazyWithPreload(() =>
  import('@/features/agent/components/agent-page').then((m) => ({ default: m.AgentPage })),
);

/**
 * All routes of the app. Declarative React Router: data is loaded by TanStack Query,
 * not route loaders, and declarative mode costs half the bytes of the data router.
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<FullPageLoader />}>
        <Routes>
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/auth/verify" element={<VerifyEmailPage />} />
          <Route path="/auth/reset" element={<ResetPasswordPage />} />
          <Route path="/auth/confirm-email" element={<ConfirmEmailPage />} />
          <Route path="/unsubscribe" element={<UnsubscribePage />} />
          <Route element={<RequireSession />}>
            <Route element={<AppLayout />}>
              <Route index element={<Navigate to="/actions" replace />} />
              <Route path="/actions" element={<ActionsPage />} />
              <Route path="/business" element={<CampaignsPage />} />
              <Route path="/business/:id" element={<CampaignDetailPage />} />
              <Route path="/signals" element={<SignalsPage />} />
              <Route path="/high-concept" element={<PersonasPage />} />
              <Route path="/agent" element={<AgentPage />} />
              <Route path="/contacts" element={<ContactsPage />} />
              <Route path="/contacts/:id" element={<ContactPage />} />
              <Route path="/oauth/:platform/callback" element={<OAuthCallbackPage />} />
              <Route element={<DesktopOnly />}>
                <Route path="/tasks" element={<TasksBoardPage />} />
                <Route path="/documents" element={<KnowledgePage />} />
                <Route path="/api" element={<ApiKeysPage />} />
              </Route>
            </Route>
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * Starts fetching the first screen's code while the session and dictionaries load, and, for
 * the Assistant, its first page of tasks as soon as the session is known: nothing waits for
 * React to render the page before asking (docs/decisions/053).
 */
export function preloadRouteChunks(pathname: string, app?: AppInstance): void {
  const chunks: Array<{ preload: () => Promise<unknown> }> = [];
  if (pathname === '/auth') chunks.push(AuthPage);
  else if (pathname === '/auth/verify') chunks.push(VerifyEmailPage);
  else if (pathname === '/auth/reset') chunks.push(ResetPasswordPage);
  else if (pathname === '/auth/confirm-email') chunks.push(ConfirmEmailPage);
  else if (pathname === '/unsubscribe') chunks.push(UnsubscribePage);
  else {
    chunks.push(AppLayout);
    // The index redirects to /actions.
    if (pathname === '/actions' || pathname === '/') {
      chunks.push(ActionsPage);
      // The page's own layout chunk too, so it downloads beside the shell, not after it.
      const actionsPage = loadActionsPage();
      void actionsPage.then((m) => m.preloadActionsLayout(window.matchMedia(DESKTOP_MEDIA_QUERY).matches));
      if (app) {
        const { session, api } = app.services;
        void session.initialize().then(async () => {
          if (session.getState().status !== 'signedIn') return;
          await (await actionsPage).prefetchTaskFeed(app.queryClient, api);
        });
      }
    }
    if (pathname === '/tasks') chunks.push(TasksBoardPage);
    if (pathname === '/agent') chunks.push(AgentPage);
    if (pathname === '/high-concept') chunks.push(PersonasPage);
    if (pathname === '/documents') chunks.push(KnowledgePage);
    if (pathname === '/api') chunks.push(ApiKeysPage);
    if (pathname === '/business') chunks.push(CampaignsPage);
    else if (pathname.startsWith('/business/')) chunks.push(CampaignDetailPage);
    if (pathname === '/signals') chunks.push(SignalsPage);
    void preloadAppDictionaries();
  }
  for (const chunk of chunks) void chunk.preload();
}
