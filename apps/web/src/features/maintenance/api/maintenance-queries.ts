import type {
  MaintenanceCreate,
  MaintenanceListQuery,
  MaintenanceRequest,
  MaintenanceUpdateInput,
} from '@studynest/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPage, apiUpload } from '../../../lib/api-client.ts';

export type MaintenanceFilters = Pick<MaintenanceListQuery, 'status' | 'hostel_id'>;
type Page = { limit: number; offset: number };

/**
 * Keys: ['maintenance', 'mine'] for the tenant, ['maintenance', 'admin', filters, { limit, offset }]
 * for one page of the queue (with the total the server counts).
 */
export const maintenanceQueries = {
  mine: () =>
    queryOptions({
      queryKey: ['maintenance', 'mine'],
      queryFn: ({ signal }) => api<MaintenanceRequest[]>('/maintenance/mine', { signal }),
    }),
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

/** The report's checked fields (the contract's) and the photos that travel beside them. */
export type MaintenanceReport = MaintenanceCreate & { photos: File[] };

/** The tenant's report as multipart/form-data; `onProgress` gets the share of bytes sent. */
export function useReportMaintenance(onProgress?: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (report: MaintenanceReport) => {
      const form = new FormData();
      // Text fields first: the server reads the stream in order.
      form.append('category', report.category);
      form.append('description', report.description);
      form.append('urgency', report.urgency);
      for (const file of report.photos) form.append('photos', file, file.name);
      return apiUpload<MaintenanceRequest>('/maintenance', form, { onProgress });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['maintenance'] }),
  });
}

/** An admin moves a request on (or adds a note); every list that shows it is refreshed. */
export function useUpdateMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: MaintenanceUpdateInput & { id: string }) =>
      api<MaintenanceRequest>(`/admin/maintenance/${id}`, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['maintenance'] }),
  });
}
