import type { Message, SiteInfo } from '@studynest/contracts';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const siteQueries = {
  info: () =>
    queryOptions({
      queryKey: ['site'],
      queryFn: ({ signal }) => api<SiteInfo>('/site', { signal }),
      // The server caches it for five minutes too: operator settings change only on restart.
      staleTime: 5 * 60_000,
    }),
};

export function useSubscribe() {
  return useMutation({
    mutationFn: (email: string) => api<Message>('/subscribers', { method: 'POST', body: { email } }),
  });
}
