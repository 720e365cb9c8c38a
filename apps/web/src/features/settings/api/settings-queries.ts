import type { AdminSettings, AdminSettingsInput } from '@studynest/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Key ['settings']: the admins' rent-reminder settings. */
export const settingsQueries = {
  current: () =>
    queryOptions({
      queryKey: ['settings'],
      queryFn: ({ signal }) => api<AdminSettings>('/admin/settings', { signal }),
    }),
};

/** PUT /admin/settings answers with what was stored (days sorted): that becomes the cached copy. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminSettingsInput) => api<AdminSettings>('/admin/settings', { method: 'PUT', body }),
    // The site info quotes the cancellation window (terms, the profile's inspection): it changes too.
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQueries.current().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: ['site'] });
    },
  });
}
