import type { ReconcileDay, ReconciliationRun } from '@studynest/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidate } from '../../../lib/query-client.ts';

/** A run another process started a moment ago is looked at again until it finishes. */
const RECENT_MS = 5 * 60_000;
export const isRecentlyStarted = (run: ReconciliationRun, now = Date.now()) =>
  now - Date.parse(run.started_at) < RECENT_MS;

/** Key ['reconciliation']: the latest 30 runs with the provider, newest first, with their differences (admins). */
export const reconciliationQueries = {
  runs: () =>
    queryOptions({
      queryKey: ['reconciliation'],
      queryFn: ({ signal }) => api<ReconciliationRun[]>('/admin/reconciliation', { signal }),
      // A run still comparing (the 01:00 one, another admin's): look again until it is done. One
      // whose process died stays `running` for ever, so only recent ones are waited for.
      refetchInterval: (query) =>
        query.state.data?.some((r) => r.status === 'running' && isRecentlyStarted(r)) ? 5_000 : false,
    }),
};

/**
 * An admin compares one Lagos day with the provider now (the answer is the finished run, kept like
 * the daily one): the runs list changes, and a success it applied changes payments and reports.
 */
export function useReconcileDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReconcileDay) =>
      api<ReconciliationRun>('/admin/reconciliation', { method: 'POST', body }),
    onSuccess: (run) => {
      // Shown at once, newest first, while the list is fetched again.
      const { queryKey } = reconciliationQueries.runs();
      queryClient.setQueryData(queryKey, (runs) => [run, ...(runs ?? []).filter((r) => r._id !== run._id)]);
      return invalidate(queryClient, queryKey, ['reports'], ['refunds']);
    },
  });
}
