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

/**
 * A room's photos change its answers (the admin's page shows the room the server answered at once)
 * and the hostel page's room cards.
 */
function useRoomPhotoWrite<Input>(id: string, send: (input: Input) => Promise<Room>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (room) => {
      queryClient.setQueryData(['rooms', 'room', id], room);
      return invalidate(queryClient, ['rooms']);
    },
  });
}

export function useAddRoomPhotos(id: string) {
  return useRoomPhotoWrite(id, (files: File[]) => {
    const form = new FormData();
    for (const file of files) form.append('images', file);
    return api<Room>(`/rooms/${id}/photos`, { method: 'POST', body: form });
  });
}

export function useRemoveRoomPhoto(id: string) {
  return useRoomPhotoWrite(id, (photoId: string) =>
    api<Room>(`/rooms/${id}/photos/${photoId}`, { method: 'DELETE' }),
  );
}
