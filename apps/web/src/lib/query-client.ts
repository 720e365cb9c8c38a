import type { Profile } from '@studynest/contracts';
import { QueryClient, type QueryKey, queryOptions } from '@tanstack/react-query';
import { ApiError, api } from './api-client.ts';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not fix itself; only retry network trouble and 5xx, once.
        retry: (count, err) =>
          count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** The browser's one cache (the prerender makes its own). */
export const queryClient = createQueryClient();

/**
 * Marks the queries under these key prefixes stale, together: what one change on the server touched,
 * and nothing else (a mutation names them, rather than refreshing every screen's data).
 */
export const invalidate = (client: QueryClient, ...keys: QueryKey[]) =>
  Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));

/**
 * Key ['profile', id]: GET /user/{id}, the profile (details, payments, rent, move-out statement). One
 * query for every screen that reads it — the profile, the booking screen, the receipt pages — so a
 * change refreshes it once, wherever it shows.
 */
export const profileQuery = (userId: string) =>
  queryOptions({
    queryKey: ['profile', userId],
    queryFn: ({ signal }) => api<Profile>(`/user/${userId}`, { signal }),
  });
