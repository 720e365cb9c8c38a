import type { MoveOutInput, MoveOutStatement, Tenant } from '@studynest/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidate, profileQuery } from '../../../lib/query-client.ts';

/** Key ['tenants']: the running tenancies (admins), from GET /payments/tenants, as the original API put it. */
export const tenancyQueries = {
  tenants: () =>
    queryOptions({
      queryKey: ['tenants'],
      queryFn: ({ signal }) => api<Tenant[]>('/payments/tenants', { signal }),
    }),
};

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
