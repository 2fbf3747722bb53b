import {
  routes,
  type DisableMfaInput,
  type MfaCodeInput,
  type MfaRecoveryCodes,
  type MfaStatus,
  type StartMfaSetupInput,
} from '@doppel/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSessionManager } from '@/lib/services';

/** Settings → Security: the account's multi-factor authentication (docs/decisions/042). */
export const mfaStatusQueryKey = ['mfa-status'] as const;

export function useMfaStatus() {
  const api = useApi();
  return useQuery({
    queryKey: mfaStatusQueryKey,
    queryFn: ({ signal }) => api.call(routes.mfa.status, { signal }),
  });
}

/** Shows a new status at once, and tells the session's user (every tab) whether MFA is on. */
function useStatusChanged() {
  const queryClient = useQueryClient();
  const session = useSessionManager();
  return (status: MfaStatus) => {
    queryClient.setQueryData(mfaStatusQueryKey, status);
    const user = session.session?.user;
    if (user && user.mfaEnabled !== status.enabled)
      session.updateUser({ ...user, mfaEnabled: status.enabled });
  };
}

/** Step one of turning MFA on: the password again, then the new secret and its QR code. */
export function useStartMfaSetup() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: StartMfaSetupInput) => api.call(routes.mfa.startSetup, { body: input }),
  });
}

/** Step two: the app's first code turns MFA on; the answer has the recovery codes, this once. */
export function useConfirmMfaSetup() {
  const api = useApi();
  const statusChanged = useStatusChanged();
  return useMutation({
    mutationFn: (input: MfaCodeInput) => api.call(routes.mfa.confirmSetup, { body: input }),
    onSuccess: (answer: MfaRecoveryCodes) => statusChanged(answer.status),
  });
}

export function useRegenerateRecoveryCodes() {
  const api = useApi();
  const statusChanged = useStatusChanged();
  return useMutation({
    mutationFn: (input: MfaCodeInput) => api.call(routes.mfa.regenerateRecoveryCodes, { body: input }),
    onSuccess: (answer: MfaRecoveryCodes) => statusChanged(answer.status),
  });
}

export function useDisableMfa() {
  const api = useApi();
  const statusChanged = useStatusChanged();
  return useMutation({
    mutationFn: (input: DisableMfaInput) => api.call(routes.mfa.disable, { body: input }),
    onSuccess: statusChanged,
  });
}
