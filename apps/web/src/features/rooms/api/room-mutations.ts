import type { Room, RoomCreate } from '@studynest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidate } from '../../../lib/query-client.ts';

/** A room write changes the room lists and what the hostel lists say is available, and from what price. */
function useInvalidateRooms() {
  const queryClient = useQueryClient();
  return () => invalidate(queryClient, ['rooms'], ['hostels']);
}

export function useCreateRoom() {
  const invalidate = useInvalidateRooms();
  return useMutation({
    mutationFn: (body: RoomCreate) => api<Room>('/rooms', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateRoom(id: string) {
  const invalidate = useInvalidateRooms();
  return useMutation({
    // PUT: the form always sends the whole room.
    mutationFn: (body: RoomCreate) => api<Room>(`/rooms/${id}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteRoom() {
  const invalidate = useInvalidateRooms();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/rooms/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
