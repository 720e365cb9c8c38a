import type { MaintenanceCreate, MaintenanceRequest } from '@studynest/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiUpload } from '../../../lib/api-client.ts';
import { isQueued, type Queued } from '../../../lib/offline-writes.tsx';

/**
 * Key ['maintenance', 'mine']: the tenant's reports. The admins' queue is in
 * maintenance-admin-queries.ts, so the tenant's profile does not download it.
 */
export const maintenanceQueries = {
  mine: () =>
    queryOptions({
      queryKey: ['maintenance', 'mine'],
      queryFn: ({ signal }) => api<MaintenanceRequest[]>('/maintenance/mine', { signal }),
    }),
};

/** The report's checked fields (the contract's) and the photos that travel beside them. */
export type MaintenanceReport = MaintenanceCreate & { photos: File[] };

/**
 * The tenant's report as multipart/form-data; `onProgress` gets the share of bytes sent. `key` is the
 * submission's Idempotency-Key: offline, the service worker keeps the report and answers `Queued`.
 */
export function useReportMaintenance(onProgress?: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline it goes to the service worker, which keeps it (React Query would hold it back).
    networkMode: 'always',
    mutationFn: ({ key, ...report }: MaintenanceReport & { key: string }) => {
      const form = new FormData();
      // Text fields first: the server reads the stream in order.
      form.append('category', report.category);
      form.append('description', report.description);
      form.append('urgency', report.urgency);
      for (const file of report.photos) form.append('photos', file, file.name);
      return apiUpload<MaintenanceRequest | Queued>('/maintenance', form, {
        onProgress,
        headers: { 'idempotency-key': key },
      });
    },
    // A kept report changed nothing yet, and offline the refetch would wait for the signal.
    onSuccess: (answer) =>
      isQueued(answer) ? undefined : queryClient.invalidateQueries({ queryKey: ['maintenance'] }),
  });
}
