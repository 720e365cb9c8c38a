import type { Booking, BookingCreateInput, BookingListItem } from '@studynest/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const bookingQueries = {
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
