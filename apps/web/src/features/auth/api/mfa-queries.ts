import type { Message, MfaSetup, MfaStatus } from '@studynest/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Key ['mfa']: the signed-in admin's two-step sign-in state. */
export const mfaQueries = {
  status: () =>
    queryOptions({
      queryKey: ['mfa'],
      queryFn: ({ signal }) => api<MfaStatus>('/auth/mfa', { signal }),
    }),
};

/** A new secret for the authenticator app; nothing changes until a code from it is confirmed. */
export function useMfaSetup() {
  return useMutation({ mutationFn: () => api<MfaSetup>('/auth/mfa/setup', { method: 'POST' }) });
}

/**
 * Once two-step sign-in changes, every admin query may answer differently (a server that requires
 * it refuses them all until it is on), so all of them start over, not only the status: reset, not
 * just invalidated, so no refusal stays cached for the admin layout to find.
 */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () => queryClient.resetQueries();
}

export function useMfaEnable() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (code: string) => api<Message>('/auth/mfa/enable', { method: 'POST', body: { code } }),
    onSuccess: refresh,
  });
}

export function useMfaDisable() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (values: { password: string; code: string }) =>
      api<Message>('/auth/mfa/disable', { method: 'POST', body: values }),
    onSuccess: refresh,
  });
}
