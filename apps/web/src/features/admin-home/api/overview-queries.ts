import type { AdminOverview } from '@studynest/contracts/admin-overview';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client.ts';

const KEY = ['admin-overview'] as const;

/** Key ['admin-overview']: the admin home's cards and the menu's counts, one request for both. */
export const overviewQueries = {
  summary: () =>
    queryOptions({
      queryKey: KEY,
      queryFn: ({ signal }) => api<AdminOverview>('/admin/overview', { signal }),
    }),
};

/**
 * Any change an admin makes may move a count (a refund sent, a repair finished, a tenant moved
 * out), so each successful mutation marks the overview stale: the menu's counts follow without
 * every screen's mutation having to know about the home.
 */
export function useOverviewFollowsChanges() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') {
          void queryClient.invalidateQueries({ queryKey: KEY });
        }
      }),
    [queryClient],
  );
}
