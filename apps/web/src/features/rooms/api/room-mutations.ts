import type { Room, RoomStatus, RoomUnit } from '@studynest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The JSON body of POST /rooms and PUT /rooms/{id}, as the form parsed it. */
export type RoomPayload = {
  room_number: string;
  unit: RoomUnit;
  status: RoomStatus;
  price: number;
  agent_fee: number;
  caution_fee: number;
  commission_fee: number;
  hostel: string;
};

function useInvalidateRooms() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['rooms'] });
}

export function useCreateRoom() {
  const invalidate = useInvalidateRooms();
  return useMutation({
    mutationFn: (body: RoomPayload) => api<Room>('/rooms', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateRoom(id: string) {
  const invalidate = useInvalidateRooms();
  return useMutation({
    // PUT: the form always sends the whole room.
    mutationFn: (body: RoomPayload) => api<Room>(`/rooms/${id}`, { method: 'PUT', body }),
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
