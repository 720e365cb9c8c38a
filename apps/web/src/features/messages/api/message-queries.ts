import type {
  AdminMessageCreated,
  AdminMessageCreateInput,
  AdminMessageDetail,
  AdminMessagePreview,
  AdminMessageRetried,
  AdminMessageSummary,
} from '@studynest/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** While any delivery of a send is still on its way, its log entry is asked for again this often. */
const IN_FLIGHT_REFRESH_MS = 3_000;
const inFlight = (m: AdminMessageSummary) => m.counts.queued + m.counts.sending > 0;

/** Key ['admin-messages']: the latest 100 sends, newest first; one send with its deliveries. */
export const messageQueries = {
  list: () =>
    queryOptions({
      queryKey: ['admin-messages'],
      queryFn: ({ signal }) => api<AdminMessageSummary[]>('/admin/messages', { signal }),
      refetchInterval: (query) => (query.state.data?.some(inFlight) ? IN_FLIGHT_REFRESH_MS : false),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: ['admin-messages', id],
      queryFn: ({ signal }) => api<AdminMessageDetail>(`/admin/messages/${id}`, { signal }),
      refetchInterval: (query) =>
        query.state.data && inFlight(query.state.data) ? IN_FLIGHT_REFRESH_MS : false,
    }),
};

/** What sending would do; nothing is sent. */
export function usePreviewMessage() {
  return useMutation({
    mutationFn: (body: AdminMessageCreateInput) =>
      api<AdminMessagePreview>('/admin/messages/preview', { method: 'POST', body }),
  });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminMessageCreateInput) =>
      api<AdminMessageCreated>('/admin/messages', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin-messages'] }),
  });
}

/** Failed deliveries go back on the queue; the log then shows them on their way again. */
export function useRetryFailed(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<AdminMessageRetried>(`/admin/messages/${id}/retry`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin-messages'] }),
  });
}
