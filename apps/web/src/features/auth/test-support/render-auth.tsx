import { Route } from 'react-router';
import { renderWithProviders, type RenderOptions } from '@/test-support/render-with-providers';
import { AuthPage } from '../components/auth-page';
import { ConfirmEmailPage } from '../components/confirm-email-page';
import { ResetPasswordPage } from '../components/reset-password-page';
import { VerifyEmailPage } from '../components/verify-email-page';

/** The auth feature's public pages at their real paths; anywhere else renders a marker. */
export function renderAuth(options: RenderOptions = {}) {
  return renderWithProviders(
    <>
      <Route path="/auth" element={<AuthPage />} />
      <Route path="/auth/verify" element={<VerifyEmailPage />} />
      <Route path="/auth/reset" element={<ResetPasswordPage />} />
      <Route path="/auth/confirm-email" element={<ConfirmEmailPage />} />
      <Route path="*" element={<p>outside the auth pages</p>} />
    </>,
    { path: '/auth', ...options },
  );
}
