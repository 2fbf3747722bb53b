import {
  type ForgotPasswordInput,
  type InstanceInfo,
  type ResetPasswordInput,
  routes,
  type Session,
  type SignInInput,
  type SignInMfaInput,
  type SignInResult,
  type SignUpInput,
  type SignUpResult,
} from '@doppel/contracts';
import type { ApiClient } from '@/lib/api-client';

// The public auth endpoints. They carry no bearer: the server sets or reads the refresh cookie.
const PUBLIC = { auth: false } as const;

/** The session, or the code step's challenge when the account has MFA on. */
export function postSignIn(api: ApiClient, input: SignInInput): Promise<SignInResult> {
  return api.call(routes.auth.signIn, { body: input, ...PUBLIC });
}

export function postSignInMfa(api: ApiClient, input: SignInMfaInput): Promise<Session> {
  return api.call(routes.auth.signInMfa, { body: input, ...PUBLIC });
}

export function postSignUp(api: ApiClient, input: SignUpInput): Promise<SignUpResult> {
  return api.call(routes.auth.signUp, { body: input, ...PUBLIC });
}

export function postStartDemo(api: ApiClient): Promise<Session> {
  return api.call(routes.demo.start, { ...PUBLIC });
}

export function postForgotPassword(api: ApiClient, input: ForgotPasswordInput): Promise<{ ok: true }> {
  return api.call(routes.auth.forgotPassword, { body: input, ...PUBLIC });
}

export function postResendVerification(api: ApiClient, email: string): Promise<{ ok: true }> {
  return api.call(routes.auth.resendVerification, { body: { email }, ...PUBLIC });
}

export function postVerifyEmail(api: ApiClient, token: string): Promise<{ ok: true }> {
  return api.call(routes.auth.verifyEmail, { body: { token }, ...PUBLIC });
}

export function postResetPassword(api: ApiClient, input: ResetPasswordInput): Promise<{ ok: true }> {
  return api.call(routes.auth.resetPassword, { body: input, ...PUBLIC });
}

export function postConfirmEmailChange(api: ApiClient, token: string): Promise<{ ok: true }> {
  return api.call(routes.auth.confirmEmailChange, { body: { token }, ...PUBLIC });
}

/** Whether this server can send email and already has an owner: what the sign-up screen promises. */
export function getInstanceInfo(api: ApiClient): Promise<InstanceInfo> {
  return api.call(routes.instance.info, { ...PUBLIC });
}
