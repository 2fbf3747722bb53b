import type {
  ForgotPasswordInput,
  ResetPasswordInput,
  SignInInput,
  SignInMfaInput,
  SignUpInput,
} from '@doppel/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApi, useSessionManager } from '@/lib/services';
import {
  postConfirmEmailChange,
  postForgotPassword,
  postResendVerification,
  postResetPassword,
  postSignIn,
  postSignInMfa,
  postSignUp,
  postStartDemo,
  postVerifyEmail,
} from './auth-api';

/**
 * The password step: adopts the session (this tab and the others), or answers the code step's
 * challenge when the account has MFA on.
 */
export function useSignIn() {
  const api = useApi();
  const session = useSessionManager();
  return useMutation({
    mutationFn: (input: SignInInput) => session.signIn(() => postSignIn(api, input)),
  });
}

/** The code step of a sign-in with MFA; the session manager then says MFA_VERIFIED. */
export function useSignInMfa() {
  const api = useApi();
  const session = useSessionManager();
  return useMutation({
    mutationFn: (input: SignInMfaInput) => session.verifyMfa(() => postSignInMfa(api, input)),
  });
}

export function useSignUp() {
  const api = useApi();
  return useMutation({ mutationFn: (input: SignUpInput) => postSignUp(api, input) });
}

/** Opens a fresh private demo sandbox and signs into it. */
export function useStartDemo() {
  const api = useApi();
  const session = useSessionManager();
  return useMutation({ mutationFn: () => session.signIn(() => postStartDemo(api)) });
}

export function useForgotPassword() {
  const api = useApi();
  return useMutation({ mutationFn: (input: ForgotPasswordInput) => postForgotPassword(api, input) });
}

export function useResendVerification() {
  const api = useApi();
  return useMutation({ mutationFn: (email: string) => postResendVerification(api, email) });
}

export function useVerifyEmail() {
  const api = useApi();
  return useMutation({ mutationFn: (token: string) => postVerifyEmail(api, token) });
}

export function useResetPassword() {
  const api = useApi();
  return useMutation({ mutationFn: (input: ResetPasswordInput) => postResetPassword(api, input) });
}

export function useConfirmEmailChange() {
  const api = useApi();
  return useMutation({ mutationFn: (token: string) => postConfirmEmailChange(api, token) });
}
