import type { LogoutOthersResponse, SessionInfo } from '@studynest/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Key ['sessions']: where the signed-in account is signed in, newest first. */
export const sessionQueries = {
  list: () =>
    queryOptions({
      queryKey: ['sessions'],
      queryFn: ({ signal }) => api<SessionInfo[]>('/auth/sessions', { signal }),
    }),
};

/** Signs one other session out: that device has to log in again. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/auth/sessions/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      queryClient.setQueryData(sessionQueries.list().queryKey, (list) => list?.filter((s) => s._id !== id));
      return queryClient.invalidateQueries({ queryKey: sessionQueries.list().queryKey });
    },
  });
}

/** Signs out every session but this one. */
export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<LogoutOthersResponse>('/auth/logout-others', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueries.list().queryKey }),
  });
}
