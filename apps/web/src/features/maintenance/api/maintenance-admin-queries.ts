import type { MaintenanceListQuery, MaintenanceRequest, MaintenanceUpdateInput } from '@studynest/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPage } from '../../../lib/api-client.ts';

export type MaintenanceFilters = Pick<MaintenanceListQuery, 'status' | 'hostel_id'>;
type Page = { limit: number; offset: number };

/**
 * Key ['maintenance', 'admin', filters, { limit, offset }]: one page of the admins' queue (with
 * the total the server counts). Apart from the tenant's queries, which the profile loads.
 */
export const adminMaintenanceQueries = {
  queue: (filters: MaintenanceFilters, page: Page) =>
    queryOptions({
      queryKey: ['maintenance', 'admin', filters, page],
      queryFn: ({ signal }) => {
        const query = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
        if (filters.status) query.set('status', filters.status);
        if (filters.hostel_id) query.set('hostel_id', filters.hostel_id);
        return apiPage<MaintenanceRequest>(`/admin/maintenance?${query}`, { signal });
      },
    }),
};

/** An admin moves a request on (or adds a note); every list that shows it is refreshed. */
export function useUpdateMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: MaintenanceUpdateInput & { id: string }) =>
      api<MaintenanceRequest>(`/admin/maintenance/${id}`, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['maintenance'] }),
  });
}
