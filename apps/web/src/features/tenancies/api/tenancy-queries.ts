import type {
  MoveOutInput,
  MoveOutStatement,
  TenancyNoticeInput,
  TenancyNoticeState,
  Tenant,
} from '@studynest/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth-storage.ts';
import { profileQuery } from '../../../lib/profile-query.ts';
import { invalidate } from '../../../lib/query-client.ts';

/** Key ['tenants']: the running tenancies (admins), from GET /payments/tenants, as the original API put it. */
export const tenancyQueries = {
  tenants: () =>
    queryOptions({
      queryKey: ['tenants'],
      queryFn: ({ signal }) => api<Tenant[]>('/payments/tenants', { signal }),
    }),
};

/** The tenant's notice shows on their own profile (and nowhere else this browser holds). */
function useRefreshOwnProfile() {
  const queryClient = useQueryClient();
  const userId = useSession()?.userId ?? '';
  return () => queryClient.invalidateQueries({ queryKey: profileQuery(userId).queryKey });
}

/** The tenant gives (or changes) their notice to move out. */
export function useGiveNotice() {
  const refresh = useRefreshOwnProfile();
  return useMutation({
    mutationFn: (body: TenancyNoticeInput) =>
      api<TenancyNoticeState>('/tenancy/notice', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** The tenant takes their notice back. */
export function useWithdrawNotice() {
  const refresh = useRefreshOwnProfile();
  return useMutation({
    mutationFn: () => api<null>('/tenancy/notice', { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/**
 * An admin ends a tenancy: the tenant leaves the tenants and arrears lists, the room is free again
 * (room lists, hostel availability), the deposit's refund joins Refunds and the reports, and the
 * former tenant's profile shows the statement.
 */
export function useMoveOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tenancyId, body }: { tenancyId: string; body: MoveOutInput }) =>
      api<MoveOutStatement>(`/admin/tenancies/${tenancyId}/move-out`, { method: 'POST', body }),
    onSuccess: (statement) =>
      invalidate(
        queryClient,
        tenancyQueries.tenants().queryKey,
        ['arrears'],
        ['rooms'],
        ['hostels'],
        ['refunds'],
        ['reports'],
        profileQuery(statement.user._id).queryKey,
      ),
  });
}
