import type {
  MoveOutInput,
  MoveOutStatement,
  TenancyNoticeInput,
  TenancyNoticeState,
} from '@studynest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The tenant gives (or changes) their notice to move out; their profile shows it. */
export function useGiveNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TenancyNoticeInput) =>
      api<TenancyNoticeState>('/tenancy/notice', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', 'profile'] }),
  });
}

/** The tenant takes their notice back. */
export function useWithdrawNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<null>('/tenancy/notice', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', 'profile'] }),
  });
}

/** An admin ends a tenancy; the tenants list, refunds and room lists change with it. */
export function useMoveOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tenancyId, body }: { tenancyId: string; body: MoveOutInput }) =>
      api<MoveOutStatement>(`/admin/tenancies/${tenancyId}/move-out`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
