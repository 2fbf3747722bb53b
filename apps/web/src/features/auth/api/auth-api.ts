import type {
  ForgotPasswordInput,
  ResetPasswordInput,
  Session,
  SignInInput,
  SignUpInput,
} from '@doppel/contracts';
import type { ApiClient } from '@/lib/api-client';

// The public auth endpoints. They carry no bearer: the server sets or reads the refresh cookie.
const PUBLIC = { auth: false } as const;

export function postSignIn(api: ApiClient, input: SignInInput): Promise<Session> {
  return api.post<Session>('/api/auth/sign-in', input, PUBLIC);
}

export function postSignUp(api: ApiClient, input: SignUpInput): Promise<{ verificationSent: boolean }> {
  return api.post('/api/auth/sign-up', input, PUBLIC);
}

export function postStartDemo(api: ApiClient): Promise<Session> {
  return api.post<Session>('/api/demo', undefined, PUBLIC);
}

export function postForgotPassword(api: ApiClient, input: ForgotPasswordInput): Promise<{ ok: true }> {
  return api.post('/api/auth/forgot-password', input, PUBLIC);
}

export function postResendVerification(api: ApiClient, email: string): Promise<{ ok: true }> {
  return api.post('/api/auth/resend-verification', { email }, PUBLIC);
}

export function postVerifyEmail(api: ApiClient, token: string): Promise<{ ok: true }> {
  return api.post('/api/auth/verify-email', { token }, PUBLIC);
}

export function postResetPassword(api: ApiClient, input: ResetPasswordInput): Promise<{ ok: true }> {
  return api.post('/api/auth/reset-password', input, PUBLIC);
}

export function postConfirmEmailChange(api: ApiClient, token: string): Promise<{ ok: true }> {
  return api.post('/api/auth/confirm-email-change', { token }, PUBLIC);
}
