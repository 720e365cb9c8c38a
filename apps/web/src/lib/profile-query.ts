import type { Profile } from '@studynest/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

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
