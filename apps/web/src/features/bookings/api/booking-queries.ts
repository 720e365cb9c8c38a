import type {
  Booking,
  BookingCancelled,
  BookingCount,
  BookingCreateInput,
  BookingListItem,
} from '@studynest/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth-storage.ts';
import { profileQuery } from '../../../lib/profile-query.ts';
import { invalidate } from '../../../lib/query-client.ts';

export const bookingQueries = {
  /** Admins: upcoming paid inspections, for the menu's Booking(N). */
  count: () =>
    queryOptions({
      queryKey: ['bookings', 'count'],
      queryFn: ({ signal }) => api<BookingCount>('/bookings/count', { signal }),
    }),
  /** Admins: every booking, or (`upcoming`) only paid inspections from today on. */
  list: (upcoming: boolean) =>
    queryOptions({
      queryKey: ['bookings', 'list', { upcoming }],
      queryFn: ({ signal }) =>
        api<BookingListItem[]>(`/bookings${upcoming ? '?upcoming=1' : ''}`, { signal }),
    }),
};

/** POST /bookings: holds the room for this student while they pay the agent fee. */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookingCreateInput) => api<Booking>('/bookings', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bookings'] }),
  });
}

/**
 * POST /bookings/{id}/cancel: the student calls off their inspection; a paid agent fee and caution
 * deposit go to Refunds and the room is free again. Their profile, their payments list (now "to be
 * refunded") and the room lists are refreshed.
 */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  const userId = useSession()?.userId ?? '';
  return useMutation({
    mutationFn: (bookingId: string) =>
      api<BookingCancelled>(`/bookings/${bookingId}/cancel`, { method: 'POST' }),
    onSuccess: () =>
      invalidate(
        queryClient,
        ['bookings'],
        profileQuery(userId).queryKey,
        ['payments', 'mine'],
        ['rooms'],
        ['hostels'],
      ),
  });
}
