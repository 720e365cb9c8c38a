import type { Message, PhoneReview, User } from '@studynest/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { profileQuery } from '../../../lib/query-client.ts';

/**
 * Key ['users', 'all']: the admin's list of accounts; ['users', 'phone-reviews']: stored numbers that
 * cannot be Nigerian mobiles. A profile is `profileQuery` in lib/query-client.ts.
 */
export const userQueries = {
  all: () =>
    queryOptions({
      queryKey: ['users', 'all'],
      queryFn: ({ signal }) => api<User[]>('/user/all', { signal }),
    }),
  phoneReviews: () =>
    queryOptions({
      queryKey: ['users', 'phone-reviews'],
      queryFn: ({ signal }) => api<PhoneReview[]>('/admin/phone-reviews', { signal }),
    }),
};

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/user/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: profileQuery(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

/** Another admin lost their phone: their two-step sign-in is reset and their sessions end. */
export function useResetTwoStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Message>(`/user/${id}/two-step/reset`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all().queryKey }),
  });
}
