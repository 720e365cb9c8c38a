import type { BookingCancelled } from '@studynest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth-storage.ts';
import { invalidate, profileQuery } from '../../../lib/query-client.ts';

// Apart from booking-queries.ts (the admins' lists and the booking screen): only the profile cancels,
// so this travels in its own download.

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
