import type { Hostel, HostelSummary, Room, RoomWithHostel } from '@studynest/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const hostelQueries = {
  all: () =>
    queryOptions({
      queryKey: ['hostels'],
      queryFn: ({ signal }) => api<HostelSummary[]>('/hostels', { signal }),
    }),
  /** Admins: closed hostels too (each with is_closed). Under ['hostels'] so every hostel write refreshes it. */
  adminList: () =>
    queryOptions({
      queryKey: ['hostels', 'admin-list'],
      queryFn: ({ signal }) => api<HostelSummary[]>('/hostels?include_closed=1', { signal }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: ['hostels', id],
      queryFn: ({ signal }) => api<Hostel>(`/hostels/${id}`, { signal }),
    }),
};

export const roomQueries = {
  all: () =>
    queryOptions({
      queryKey: ['rooms'],
      queryFn: ({ signal }) => api<RoomWithHostel[]>('/rooms', { signal }),
    }),
  byHostel: (hostelId: string) =>
    queryOptions({
      queryKey: ['rooms', 'hostel', hostelId],
      queryFn: ({ signal }) => api<Room[]>(`/rooms/hostel/${hostelId}`, { signal }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: ['rooms', 'room', id],
      queryFn: ({ signal }) => api<Room>(`/rooms/room/${id}`, { signal }),
    }),
};
